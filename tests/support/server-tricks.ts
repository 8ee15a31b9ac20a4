import { installServerTricks } from '../../infrastructure/perf/install';

// The integration tests run the server in their own process: it gets the library patches a server
// entry point installs (infrastructure/perf/install.ts), so the tests exercise what production runs.
installServerTricks();
