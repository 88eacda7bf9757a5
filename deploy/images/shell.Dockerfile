# syntax=docker/dockerfile:1
# shell: the host page and its static files, with the SPA fallback.
#   docker build -f deploy/images/shell.Dockerfile \
#     [--build-arg PREVIOUS_IMAGE=naschool/shell:<previous version>] -t naschool/shell:<version> .
# Reads only shell/, packages/, the root package.json, package-lock.json, tsconfig.base.json,
# tsconfig.web.json and its nginx site file in deploy/images/static/.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-bookworm
# The image of the version before: its files are carried over, so that a browser that still
# holds the old registry entry or the old page keeps finding its content-hashed chunks while
# this version rolls out, and a rollback needs no rebuild. Default: nothing carried over.
ARG PREVIOUS_IMAGE=${NGINX_IMAGE}

FROM ${PREVIOUS_IMAGE} AS previous

# 1. Bundle with Rspack (dev dependencies needed); the output is path-independent
#    (publicPath 'auto'), so one build serves under any versioned path.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.web.json ./
COPY packages/ packages/
COPY shell/ shell/
RUN npm ci --no-audit --no-fund --include-workspace-root -w packages/contracts -w packages/web-kit -w shell \
 && npm run build -w shell

# 2. Serve the static files with an unprivileged nginx: no Node.js, no node_modules.
FROM ${NGINX_IMAGE} AS runtime
COPY deploy/images/static/log.conf /etc/nginx/conf.d/00-log.conf
COPY deploy/images/static/shell.conf /etc/nginx/conf.d/default.conf
COPY --from=previous /usr/share/nginx/html/ /usr/share/nginx/html/
COPY --from=build /app/shell/dist/ /usr/share/nginx/html/
# uid 101 is `nginx` in nginx-unprivileged; it listens on 8080 and writes only to /tmp.
USER 101:101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD curl -fsS -o /dev/null http://127.0.0.1:8080/healthz || exit 1
