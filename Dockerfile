# syntax=docker/dockerfile:1
# The production image: ONE api process (Fastify) that serves the api, the staff portal and
# the borrower app on one origin (README "Build for production" and "Operations").
#
#   docker build -t loan-portal .                        # Node 22 LTS; --build-arg NODE_VERSION=24 for 24
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://user:pass@db:5432/loans loan-portal
#
# Stage 1 installs the workspace and runs the same `npm run build` as a developer (api,
# portal and borrower app into dist/apps, text files precompressed). Stage 2 holds only the
# built files and the api's production dependencies (from the package.json and lockfile the
# api build generates), and runs as the unprivileged `node` user.
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
ENV NX_DAEMON=false NX_TUI=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=true \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 STORYBOOK_DISABLE_TELEMETRY=1 SCARF_ANALYTICS=false
# The manifests first, so the install layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/portal/package.json apps/portal/
COPY apps/public-borrower/package.json apps/public-borrower/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production SCARF_ANALYTICS=false
WORKDIR /app
# The api's own dependencies only (no build tools, no web tooling).
COPY --from=build /src/dist/apps/api/package.json /src/dist/apps/api/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The built api (main.js resolves the @loan/* libs inside this folder) and its migrations,
# then the two web apps' static builds (index.html, hashed assets with .br/.gz beside them).
COPY --from=build /src/dist/apps/api/ ./
COPY --from=build /src/dist/apps/portal/ ./web/portal/
COPY --from=build /src/dist/apps/public-borrower/ ./web/public-borrower/
# A folder the node user may write, only for a trial on embedded PGlite (ALLOW_EMBEDDED_DB=1).
RUN mkdir -p /app/data && chown node:node /app/data

# PostgreSQL is required in production: pass DATABASE_URL (the api migrates it on start).
# Behind a load balancer add TRUST_PROXY=1; see the README's table of settings.
ENV HOST=0.0.0.0 PORT=3000 WEB_DIR=/app/web DATA_DIR=/app/data
USER node
EXPOSE 3000
# Ready = the database answers, every migration of this build is applied, the queue runs.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no npm wrapper): SIGTERM from `docker stop` reaches the api, which
# turns /health/ready to 503, finishes requests in flight and closes the pool.
STOPSIGNAL SIGTERM
CMD ["node", "main.js"]
