# syntax=docker/dockerfile:1
# gateway: nginx with the rendered gateway configuration, built from the repository root:
#   docker build -f deploy/images/gateway.Dockerfile \
#     --build-arg PUBLIC_BASE_URL=https://aanmelden.example.nl -t naschool/gateway:<version> .
# Reads only gateway/, the table of services (packages/contracts/src/services.mjs), its
# defaults in deploy/images/gateway/ and the root package.json and package-lock.json (for the
# pinned Swagger UI of /api/docs). It routes /api to the
# services and the pages to the frontends' static servers by their Kubernetes Service names
# (catalog:8080, shell:8080, mfe-public:8080, ...: see gateway/render-container.mjs). The
# registry and app settings are read from /etc/naschool/frontend/, which Kubernetes mounts
# from a ConfigMap; so is /etc/nginx/gateway/nginx.conf when an overlay renders its own.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-bookworm

# 1. Render nginx.conf from gateway/nginx.conf.template (plain Node.js), and install the pinned
#    Swagger UI of the API's docs page (R-API-DOC) from the lock file.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY gateway/ gateway/
# The table of services (plain JavaScript): the upstream of each service.
COPY packages/contracts/src/services.mjs packages/contracts/src/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w gateway
ARG PUBLIC_BASE_URL=http://localhost:8080
ARG SIGNUP_RATE_LIMIT=60
ARG LOGIN_RATE_LIMIT=10
RUN PUBLIC_BASE_URL="$PUBLIC_BASE_URL" SIGNUP_RATE_LIMIT="$SIGNUP_RATE_LIMIT" \
    LOGIN_RATE_LIMIT="$LOGIN_RATE_LIMIT" node gateway/render-container.mjs > /app/nginx.conf

# 2. nginx as an unprivileged user: listens on 8080, writes only to /tmp, logs to stdout.
FROM ${NGINX_IMAGE} AS runtime
COPY --from=build /app/gateway/snippets/ /etc/nginx/gateway-snippets/
COPY --from=build /app/nginx.conf /etc/nginx/gateway/nginx.conf
COPY deploy/images/gateway/mfe-registry.json deploy/images/gateway/app-config.json /etc/naschool/frontend/
# /api/openapi.json and /api/docs: the document written by `npm run openapi`, the page, and the
# two files of Swagger UI it loads (gateway/render-container.mjs: API_DOCS_DIR, SWAGGER_UI_DIR).
COPY gateway/api-docs/ /usr/share/naschool/api-docs/
COPY --from=build /app/node_modules/swagger-ui-dist/swagger-ui.css /app/node_modules/swagger-ui-dist/swagger-ui-bundle.js /usr/share/naschool/swagger-ui/
# uid 101 is `nginx` in nginx-unprivileged.
USER 101:101
EXPOSE 8080
# /healthz is the gateway's own liveness; /api/health would make it depend on the services.
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD curl -fsS -o /dev/null http://127.0.0.1:8080/healthz || exit 1
STOPSIGNAL SIGQUIT
CMD ["nginx", "-c", "/etc/nginx/gateway/nginx.conf", "-e", "stderr"]
