/**
 * Raw HTTP/1.1 over a socket, for requests no HTTP client sends: an absolute-form target, two Host
 * headers, a Host with a tab or credentials, a chunked body. Answers are read until the server
 * closes the connection or stays quiet for `quietMs`.
 */
import { connect } from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent, answers after the first one included. */
  raw: string;
  /** True when the server closed the connection (not merely went quiet). */
  closed: boolean;
}

export function rawRequest(
  port: number,
  chunks: (string | Buffer)[],
  options: { quietMs?: number; gapMs?: number } = {},
): Promise<RawAnswer> {
  const { quietMs = 1500, gapMs = 20 } = options;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const received: Buffer[] = [];
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(received).toString("latin1");
      const [head = "", ...rest] = raw.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(" ")[1] ?? 0),
        headers,
        body: rest.join("\r\n\r\n"),
        raw,
        closed,
      });
    };
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(finish, quietMs);
    };
    socket.on("data", (data: Buffer) => {
      received.push(data);
      quiet();
    });
    socket.on("end", () => {
      closed = true;
      finish();
    });
    socket.on("close", () => {
      closed = true;
      finish();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A reset after the answer arrived still lets the test see the answer.
      if (received.length > 0) {
        closed = true;
        finish();
      } else reject(error);
    });
    socket.once("connect", async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        await new Promise((r) => setTimeout(r, gapMs));
      }
      quiet();
    });
  });
}
