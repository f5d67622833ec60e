# One image for every Wrenchlog process. Per-service containers pick theirs with APP
# (gateway, user-service, machine-service, ...); the all-in-one container runs them all
# with the embedded defaults (APP=all: one Node process, supervised and restarted by
# tools/start.mjs), for a NAS or a Raspberry Pi with one volume.
# Node 24, the active LTS line. CI runs the whole test suite on exactly this version
# (tools/image-node.mjs reads it from here): change it here only.
ARG NODE_VERSION=24.22.3
FROM node:${NODE_VERSION}-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ git ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund \
  && NX_DAEMON=false node tools/build.mjs \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ARG GIT_HASH=unknown
ENV NODE_ENV=production GIT_HASH=${GIT_HASH} DATA_DIR=/data APP=all
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/tools ./tools
COPY --from=build /app/libs ./libs
COPY --from=build /app/apps ./apps
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# APP=all: healthy when every service answers (tools/healthcheck.mjs); run the container with
# --restart unless-stopped so that a stop of the whole product is recovered too.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "tools/healthcheck.mjs"]
# glibc malloc fragments under sharp's threads: two arenas keep the image worker's memory flat
# (tools/start.mjs does the same for its separate image worker); the other services keep glibc's default.
CMD ["sh", "-c", "if [ \"$APP\" = all ]; then exec node tools/start.mjs --no-build; fi; if [ \"$APP\" = image-worker ]; then export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}; fi; exec node --enable-source-maps apps/$APP/dist/main.js"]
