// Preloaded by request-allocation.mjs into a server: V8's sampling heap profiler, counting the objects already
// collected too (what a request allocates, not what it keeps); SIGUSR2 writes the profile since the last signal
// to $ALLOC_OUT/heap-<pid>.json and starts again.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const session = new inspector.Session();
session.connect();
const start = () =>
  session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
session.post('HeapProfiler.enable', start);
process.on('SIGUSR2', () =>
  session.post('HeapProfiler.stopSampling', (err, r) => {
    if (!err) fs.writeFileSync(path.join(process.env.ALLOC_OUT, `heap-${process.pid}.json`), JSON.stringify(r.profile));
    start();
  }),
);
