# syntax=docker/dockerfile:1
# neqsim-ts: multi-stage build. Stage 1 compiles TypeScript with the full dev toolchain;
# stage 2 carries only the compiled output and production dependencies, runs as the
# unprivileged "node" user and works on a read-only root filesystem (state lives in /data).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the sources are not copied yet, so the package's own prepare (a dev build) cannot run here.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY workers ./workers
# The server build only (src + workers, type-checked), then drop the dev toolchain.
RUN npx tsc -b tsconfig.build.json && npm prune --omit=dev --no-audit --no-fund --ignore-scripts

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    NEQSIM_MCP_STATE_DIR=/data/saved_simulations \
    NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR=true
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node LICENSE ./LICENSE
COPY --chown=node:node openapi ./openapi
RUN mkdir -p /data/saved_simulations && chown -R node:node /data
USER node
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/src/server.js"]
