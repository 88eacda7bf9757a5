# syntax=docker/dockerfile:1
# mfe-provider: the remote's static files under /mfe/provider/<VERSION>/ (a release: see docs/deploy.md).
#   docker build -f deploy/images/mfe-provider.Dockerfile --build-arg VERSION=<version> \
#     [--build-arg PREVIOUS_IMAGE=naschool/mfe-provider:<previous version>] -t naschool/mfe-provider:<version> .
# Installs from every workspace's package.json and the lock (a layer all images share), then
# reads only packages/, mfe-provider/, tsconfig.base.json, tsconfig.web.json and its nginx site file in
# deploy/images/static/.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-bookworm
# The image of the version before: its files are carried over, so that a browser that still
# holds the old registry entry or the old page keeps finding its content-hashed chunks while
# this version rolls out, and a rollback needs no rebuild. Default: nothing carried over.
ARG PREVIOUS_IMAGE=${NGINX_IMAGE}

FROM ${PREVIOUS_IMAGE} AS previous

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

# 1. Bundle with Rspack (dev dependencies needed); the output is path-independent
#    (publicPath 'auto'), so one build serves under any versioned path.
FROM install AS build
COPY tsconfig.base.json tsconfig.web.json ./
COPY packages/ packages/
COPY mfe-provider/ mfe-provider/
RUN npm run build -w mfe-provider

# 2. Serve the static files with an unprivileged nginx: no Node.js, no node_modules.
FROM ${NGINX_IMAGE} AS runtime
ARG VERSION=0.1.0
COPY deploy/images/static/log.conf /etc/nginx/conf.d/00-log.conf
COPY deploy/images/static/mfe.conf /etc/nginx/conf.d/default.conf
COPY --from=previous /usr/share/nginx/html/ /usr/share/nginx/html/
COPY --from=build /app/mfe-provider/dist/ /usr/share/nginx/html/mfe/provider/${VERSION}/
# uid 101 is `nginx` in nginx-unprivileged; it listens on 8080 and writes only to /tmp.
USER 101:101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD curl -fsS -o /dev/null http://127.0.0.1:8080/healthz || exit 1
