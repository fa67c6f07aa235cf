import { startAuthEmulator } from "/work/main/src/server/cli/emulator";
const t = Date.now();
const e = await startAuthEmulator({ port: 9199, persistDir: "/tmp/emu-persist", quiet: false });
console.log("up in", Date.now() - t, e.host);
const r = await fetch(`http://${e.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "a@b.com", password: "secret123", returnSecureToken: true }) });
console.log(r.status, (await r.text()).slice(0, 120));
await e.stop();
console.log("stopped");
