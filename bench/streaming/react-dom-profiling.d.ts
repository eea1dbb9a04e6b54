/** react-dom's profiling build (React ships no types for it): the client's API, with `<Profiler>` timings in production. */
declare module 'react-dom/profiling' {
  export { createRoot, hydrateRoot } from 'react-dom/client';
}
