# Pishkhan in one image: the built PWA and the API server on one port (decision 023).
#
#   docker build -t pishkhan .            (or: podman build -t pishkhan .)
#   docker run -p 3000:3000 -v pishkhan-data:/data -e SMS_SENDER=log pishkhan
#
# Without DATABASE_URL it keeps the embedded database (PGlite) and its generated signing key in
# /data (a volume); with DATABASE_URL (and JWT_SECRET) any number of copies share one PostgreSQL.
# compose.yaml runs two copies of it with PostgreSQL.

# --- build: every dependency, then the production build of the PWA into dist/ ---
FROM docker.io/library/node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG BUILD_ID
RUN BUILD_ID="${BUILD_ID:-$(date -u +%Y%m%d%H%M%S)}" npx vite build --logLevel warn

# --- runtime dependencies only (argon2's prebuilt binary for this platform comes with them) ---
FROM docker.io/library/node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- the image: the server's sources (run by tsx), the contract and modules it imports, the built PWA ---
FROM docker.io/library/node:20-bookworm-slim
# The last two are the settings npm start adds (scripts/serverEnv.mjs, docs/architecture.md "The server's memory").
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072 \
    NODE_OPTIONS=--max-semi-space-size=4
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.base.json tsconfig.server.json ./
COPY server ./server
COPY src ./src
COPY modules ./modules
COPY locales ./locales
COPY scripts/backup-server.sh ./scripts/backup-server.sh
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Ready: the database answers and holds every migration (server/observability.ts).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node itself is the process the container's stop signal reaches: SIGTERM stops it gracefully.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/main.ts"]
