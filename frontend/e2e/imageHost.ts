// A tiny image host on 127.0.0.1 for the image-proxy browser test: serves one real PNG (the
// fixture the backend's proxy tests use) at any path under /images/, and lists the requests it
// received at /requests (JSON), since it runs in the global setup, not in the test's process.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { REPO_DIR } from "./server";

export interface ImageHost {
  /** host:port, as DISCOVERY_IMAGE_FETCH_ALLOWED_HOSTS wants it */
  hostPort: string;
  /** Every request it received but /requests: "<method> <path> <user-agent>" */
  requests: string[];
  close: () => Promise<void>;
}

export const PNG = readFileSync(path.join(REPO_DIR, "tests", "fixtures", "thumbnail.png"));

export async function startImageHost(): Promise<ImageHost> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    if (request.url === "/requests") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(requests));
      return;
    }
    requests.push(`${request.method} ${request.url} ${request.headers["user-agent"] ?? ""}`);
    if (request.method === "GET" && request.url?.startsWith("/images/")) {
      response.writeHead(200, { "content-type": "image/png", "content-length": PNG.length });
      response.end(PNG);
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    hostPort: `127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
