// `object.entries` as the browser has it: node-polyglot (react-admin's translations) requires this
// ES2017 polyfill, which would bring get-intrinsic and a dozen es-shims into the shell (vite.config.ts).
module.exports = Object.entries;
