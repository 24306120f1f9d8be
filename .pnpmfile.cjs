// isolated-vm ships one build per range of Node (apps/grader/package.json's optional dependencies:
// 5.0.4 for Node 20, 6.2.0 for 22, 7.0.1 with prebuilt binaries for 24 and later), and each declares
// only a lower bound, so pnpm installs, and compiles, every one a Node could install: 5.0.4 takes 3 to
// 4 minutes and a C++ toolchain on Node 22 and 24, which never load it. Each is narrowed here to the
// Node that loads it; pnpm skips an optional dependency whose engines the running Node does not meet.
const LOADED_BY = { '5.0.4': '>=18 <22', '6.2.0': '>=22 <24', '7.0.1': '>=24' };

module.exports = {
  hooks: {
    readPackage(manifest) {
      const node = manifest.name === 'isolated-vm' ? LOADED_BY[manifest.version] : undefined;
      if (node !== undefined) manifest.engines = { ...manifest.engines, node };
      return manifest;
    },
  },
};
