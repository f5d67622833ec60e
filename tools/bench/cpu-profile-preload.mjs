// A CPU profile of a product process started by a Fleet (which takes no Node flags, and NODE_OPTIONS
// refuses --cpu-prof): `PRODUCT_NODE_OPTIONS="--import $PWD/tools/bench/cpu-profile-preload.mjs"
// PROF_DIR=/tmp/p node tools/bench/data.mjs ...` writes <pid>-<app>.cpuprofile into PROF_DIR when the
// process is stopped (SIGTERM or SIGINT) or exits.
import fs from 'node:fs';
import inspector from 'node:inspector';

const dir = process.env.PROF_DIR || '/tmp/wrenchlog-prof';
const app = (process.argv[1] || '').split('/apps/')[1]?.split('/')[0] || 'other';
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');

let written = false;
const write = () => {
  if (written) {
    return;
  }
  written = true;
  // An in-process session answers at once, so the profile is written before the process ends.
  session.post('Profiler.stop', (err, result) => {
    if (!err) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(`${dir}/${process.pid}-${app}.cpuprofile`, JSON.stringify(result.profile));
    }
  });
};
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.prependListener(signal, () => {
    write();
    // Alone on the signal, this listener would otherwise keep the process from ending.
    if (process.listenerCount(signal) === 1) {
      process.exit(0);
    }
  });
}
process.on('exit', write);
