# syntax=docker/dockerfile:1
# svc-catalog: its own image, built from the repository root:
#   docker build -f deploy/images/svc-catalog.Dockerfile -t naschool/svc-catalog:<version> .
# Reads only svc-catalog/, packages/ and the root package.json, package-lock.json and
# tsconfig.base.json. Configuration comes from the environment (docs/deploy.md).
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Compile: every dependency (dev ones too), then the service, whose build builds contracts,
#    service-kit and what they use first (tsc -b, R-RUN-BUILD-ALONE).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/contracts/ packages/contracts/
COPY packages/local-infra/ packages/local-infra/
COPY packages/service-kit/ packages/service-kit/
COPY svc-catalog/ svc-catalog/
RUN npm ci --no-audit --no-fund --include-workspace-root -w packages/contracts -w packages/local-infra -w packages/service-kit -w svc-catalog \
 && npm run build -w svc-catalog

# 2. Production dependencies of the service and the workspace packages it uses, nothing else.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY svc-catalog/package.json svc-catalog/
# --omit=optional too: an optional peer a production package names (typescript, of i18next)
# is otherwise installed because the workspace's lock has it for development.
# The image's SBOM (CycloneDX) of the tree installed here, exactly what ships: npm sbom reads
# the manifests, so their devDependencies (not installed) go first (these manifests stay here).
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund -w svc-catalog \
 && npm pkg delete devDependencies --include-workspace-root -w packages/contracts -w packages/service-kit -w svc-catalog \
 && npm sbom --omit=dev --omit=optional --sbom-format cyclonedx -w svc-catalog > /app/sbom.cdx.json \
 && npm cache clean --force

# 3. Run: compiled output and production node_modules, as the unprivileged `node` user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    SERVICE_NAME=catalog \
    DB_SCHEMA=catalog
WORKDIR /app
COPY --from=deps /app/node_modules/ node_modules/
COPY --from=deps /app/sbom.cdx.json sbom.cdx.json
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist/ packages/contracts/dist/
COPY --from=build /app/packages/service-kit/package.json packages/service-kit/
COPY --from=build /app/packages/service-kit/dist/ packages/service-kit/dist/
COPY --from=build /app/svc-catalog/package.json svc-catalog/
COPY --from=build /app/svc-catalog/dist/ svc-catalog/dist/
WORKDIR /app/svc-catalog
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
