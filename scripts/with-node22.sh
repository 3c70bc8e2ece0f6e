#!/usr/bin/env bash
# Runs a command with Node 22.12 or newer first on PATH (Colyseus 0.18 and package.json's engines
# ask for it): the machine's own Node when it is new enough, else the official binary from the npm
# registry (the node-<os>-<arch> package, a plain file with no install script), kept outside the
# checkout in ~/.cache/rolit-node (ROLIT_NODE_DIR moves it). npm then runs on that Node too.
#   bash scripts/with-node22.sh npm test
set -euo pipefail
NODE_VERSION=22.23.3
if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)' 2>/dev/null; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x64 ;;
    Linux-aarch64) platform=linux-arm64 ;;
    Darwin-x86_64) platform=darwin-x64 ;;
    Darwin-arm64) platform=darwin-arm64 ;;
    *) echo "no Node ${NODE_VERSION} package for $(uname -s) $(uname -m): install Node 22.12 or newer" >&2; exit 1 ;;
  esac
  node_dir="${ROLIT_NODE_DIR:-$HOME/.cache/rolit-node/node-${NODE_VERSION}-${platform}}"
  if [ ! -x "$node_dir/node_modules/node-$platform/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo 'is missing') is older than 22.12: fetching Node ${NODE_VERSION} from the npm registry into $node_dir" >&2
    npm install --prefix "$node_dir" --no-save --no-audit --no-fund --no-package-lock "node-$platform@$NODE_VERSION" >&2
  fi
  export PATH="$node_dir/node_modules/node-$platform/bin:$PATH"
fi
exec "$@"
