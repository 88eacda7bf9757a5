// `npm -w <frontend> start`: serves one frontend's build on its own (the production images
// use nginx; this is for trying a build without the rest). PORT picks the port; page routes
// fall back to index.html when the build has one (the shell), missing files are 404.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const root = path.resolve(process.argv[2] ?? 'dist');
const port = Number(process.env.PORT ?? 3000);
if (!fs.existsSync(root)) {
  console.error(`nothing to serve: ${root} does not exist (run the build first)`);
  process.exit(1);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let file = path.join(
    root,
    path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''),
  );
  if (!file.startsWith(root)) file = root;
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
  if (!fs.existsSync(file)) {
    const index = path.join(root, 'index.html');
    if (path.extname(url.pathname) === '' && fs.existsSync(index)) file = index;
    else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
  }
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'access-control-allow-origin': '*',
    'cache-control': 'no-cache',
  });
  fs.createReadStream(file).pipe(res);
});
server.listen(port, '127.0.0.1', () => console.log(`serving ${root} on http://127.0.0.1:${port}/`));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)));
