/** A fake SMTP server for mail tests, and a local port nothing listens on (SMTP down). */
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";

/**
 * A tiny SMTP server: 220 greeting, 250 for EHLO/HELO/MAIL/RCPT/RSET/NOOP, 354 for DATA, 221 for
 * QUIT. `ackDelayMs` holds each message's 250 that long (a slow mail server); the message counts as
 * received when it is acknowledged.
 */
export async function startFakeSmtp(ackDelayMs = 0): Promise<{
  port: number;
  messages: string[];
  envelopes: string[][];
  close: () => Promise<void>;
}> {
  const messages: string[] = [];
  const envelopes: string[][] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let data = "";
    let envelope: string[] = [];
    socket.write("220 fake.smtp.test ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let at = buffer.indexOf("\r\n"); at !== -1; at = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            const [message, to] = [data, envelope];
            data = "";
            envelope = [];
            const ack = () => {
              messages.push(message);
              envelopes.push(to);
              socket.write("250 2.0.0 queued\r\n");
            };
            if (ackDelayMs > 0) setTimeout(ack, ackDelayMs);
            else ack();
          } else {
            data += `${line.startsWith("..") ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 fake.smtp.test\r\n");
        else if (verb === "MAIL" || verb === "RCPT") {
          envelope.push(line);
          socket.write("250 2.1.0 OK\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 2.0.0 Bye\r\n");
        } else socket.write("250 OK\r\n");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    messages,
    envelopes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (connections are refused at once). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
