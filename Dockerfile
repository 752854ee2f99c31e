# syntax=docker/dockerfile:1
# The shop's image: the release folder of `npm run release` (docs/deploy.md) on a plain Debian. The folder brings
# the lockfile's Node 24 (the node-linux-* package), so the image runs the same Node and packages the tests ran.
#   docker build --secret id=env,src=.env.production -t shop .
#   docker run --env-file .env.production -p 3000:3000 shop
# The build reads the settings file as `next build` reads .env.production (NEXT_PUBLIC_* values go into the browser
# code; the home page is rendered once from the database); it is mounted for that step alone, never kept in a layer.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY patches ./patches
COPY scripts/postinstall.mjs ./scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN --mount=type=secret,id=env,target=/src/.env.production,required=true npm run release -- --out /release

FROM debian:bookworm-slim
RUN useradd --system --home-dir /app shop
WORKDIR /app
# The servers write their cached pages and resized images into .next.
COPY --from=build --chown=shop:shop /release ./
USER shop
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
EXPOSE 3000
# The load balancer's check, for Docker too: /api/health answers 503 while the database is away or the server drains.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node_modules/.bin/node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node_modules/.bin/node", "scripts/serve-release.mjs"]
