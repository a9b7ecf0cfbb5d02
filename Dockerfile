# The dashboard and its reference server as one image.
#   docker build -t stone-sinks-dashboard .
#   docker run -p 127.0.0.1:8080:8080 -v stone-sinks-data:/data \
#     -e ADMIN_PASSWORD='at least 12 characters' -e EMBEDDED_DATABASE=accept-risk stone-sinks-dashboard
# or `docker compose up -d` with PostgreSQL (compose.yaml). docs/deploying.md
# says how; docs/configuration.md lists the environment variables.

# 1. Build: every package, the dashboard and the server compiled, then the
#    release folder with runtime packages only (the same script CI runs).
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && scripts/production/release.sh /release

# 2. Run: no compiler, no dev packages, not root. The application files
#    belong to root and cannot be changed by the server; /data (the embedded
#    database and uploaded images) is the only place it writes.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /release /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# --max-semi-space-size=16 and --max-old-space-size=256: Node 24 sizes the
# heap from the machine's memory and let garbage reach 300-370 MB under load
# before collecting it; with these the server peaks near 200 MB while it
# exports 100,000 conversations (npm run bench:server). Its live heap is far
# smaller; the ceiling costs some CPU in collections.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "--max-old-space-size=256", "build/server/main.js"]
