# The shop as a container image: a thin wrapper around the commands tests/serve-built.test.ts runs
# (`npm run build`; then dist/ + package files, `npm install --omit=dev`, `npm run serve`).
# This repository's CI cannot pull base images, so the image itself is not built there; see
# README "Docker" and docs/deploy.md. docs/decisions/0117-containers.md
#
#   docker build -t resin-shop .
#   docker run --env-file .env -p 127.0.0.1:4321:4321 -v resin-data:/data resin-shop

# 1. Build: every dependency, the Astro build and the bundled production start.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY stubs ./stubs
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Run: production dependencies and the build only, as the unprivileged `node` user.
FROM node:24-slim AS run
ENV NODE_ENV=production \
    NO_UPDATE_NOTIFIER=1 \
    HOST=0.0.0.0 \
    PORT=4321 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The PGlite database (when DATABASE_URL is unset) and uploads (when S3_BUCKET is unset).
RUN mkdir -p /data/media && chown -R node:node /data
USER node
VOLUME ["/data", "/data/media"]
EXPOSE 4321
# 200 only when the database answers with every migration applied and the media store is
# writable (docs/decisions/0069-stops-and-readiness.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm run serve` without npm in between, so SIGTERM reaches the start directly (it stops the
# server, which finishes its requests and closes the database).
STOPSIGNAL SIGTERM
CMD ["node", "dist/serve/serve-built.mjs"]
