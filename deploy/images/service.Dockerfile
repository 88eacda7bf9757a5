# syntax=docker/dockerfile:1
# Every service's image, one service per build: its folder, name and schema come from the table
# of services (packages/contracts/src/services.mjs), which `npm run images` passes, e.g.
#   docker build -f deploy/images/service.Dockerfile --build-arg SERVICE=svc-catalog \
#     --build-arg SERVICE_NAME=catalog --build-arg DB_SCHEMA=catalog \
#     -t naschool/svc-catalog:<version> .
# Installs from every workspace's package.json and the lock (a layer all images share), then
# reads only packages/, tsconfig.base.json and the service's folder, in that order, so the
# services' images share their layers up to the service's own folder.
# Configuration comes from the environment (docs/deploy.md).
ARG NODE_IMAGE=node:24-bookworm-slim

# 0. Every workspace's dependencies, development ones too, installed from the manifests alone
#    (every package.json and the lock): the same two stages begin every image built with Node
#    (deploy/test/images.test.ts keeps them equal), so that install is one layer all of them
#    share, made again only when a manifest or the lock changes. npm's cache is a build cache
#    mount that every npm install of the images shares (none of it stays in a layer).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN for f in package.json package-lock.json */package.json packages/*/package.json; do \
      mkdir -p "/manifests/$(dirname "$f")" && cp "$f" "/manifests/$f"; \
    done
FROM ${NODE_IMAGE} AS install
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --no-audit --no-fund

# 1. Compile: the service, whose build builds contracts, service-kit and the other workspace
#    packages it uses first (tsc -b, R-RUN-BUILD-ALONE). /ship then holds what runs:
#    package.json and dist/ of the service and of each workspace package it depends on in
#    production (the lock's links, followed), and those manifests alone.
FROM install AS build
COPY tsconfig.base.json ./
COPY packages/ packages/
# The workspace packages compiled once, in a layer the services share (tsc -b then finds them
# up to date).
RUN for p in packages/*/; do npm run build --if-present -w "$p" || exit 1; done
ARG SERVICE
RUN test -n "${SERVICE}" || { echo 'build with --build-arg SERVICE=svc-<name>' >&2; exit 1; }
COPY ${SERVICE}/ ${SERVICE}/
RUN npm run build -w ${SERVICE} \
 && node -e ' \
      const fs = require("node:fs"); \
      const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")).packages; \
      const dirs = new Set(); \
      const add = (dir) => { \
        if (dirs.has(dir)) return; \
        dirs.add(dir); \
        const pkg = JSON.parse(fs.readFileSync(dir + "/package.json", "utf8")); \
        for (const dep of Object.keys(pkg.dependencies ?? {})) { \
          const entry = lock["node_modules/" + dep]; \
          if (entry?.link) add(entry.resolved); \
        } \
      }; \
      add(process.argv[1]); \
      for (const dir of dirs) { \
        for (const to of ["/ship/files/", "/ship/manifests/"]) { \
          fs.mkdirSync(to + dir, { recursive: true }); \
          fs.copyFileSync(dir + "/package.json", to + dir + "/package.json"); \
        } \
        fs.cpSync(dir + "/dist", "/ship/files/" + dir + "/dist", { recursive: true }); \
      } \
      console.log("ships " + [...dirs].join(", ")); \
    ' "${SERVICE}"

# 2. Production dependencies of the service and the workspace packages it uses, nothing else.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=build /ship/manifests/ ./
ARG SERVICE
# --omit=optional too: an optional peer a production package names (typescript, of i18next)
# is otherwise installed because the workspace's lock has it for development.
# The image's SBOM (CycloneDX) of the tree installed here, exactly what ships: npm sbom reads
# the manifests, so their devDependencies (not installed) go first (these manifests stay here).
# npm's cache is the mount the install above filled: nothing is fetched twice, none of it stays.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --omit=optional --no-audit --no-fund -w ${SERVICE} \
 && npm pkg delete devDependencies --include-workspace-root --workspaces \
 && npm sbom --omit=dev --omit=optional --sbom-format cyclonedx -w ${SERVICE} > /app/sbom.cdx.json

# 3. Run: compiled output and production node_modules, as the unprivileged `node` user.
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ARG SERVICE_NAME
ARG DB_SCHEMA
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    SERVICE_NAME=${SERVICE_NAME} \
    DB_SCHEMA=${DB_SCHEMA}
WORKDIR /app
COPY --from=deps /app/node_modules/ node_modules/
COPY --from=deps /app/sbom.cdx.json sbom.cdx.json
COPY --from=build /ship/files/ ./
WORKDIR /app/${SERVICE}
# uid 1000 is `node` in the official image; numeric so that runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 8080
# /livez: the process answers (R-OPS-PROBES). /readyz (database, NATS, consumers caught up)
# decides whether it gets traffic; an outage of those must not restart it.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: the service stops taking requests, drains, closes NATS and the pool, exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "dist/src/main.js"]
