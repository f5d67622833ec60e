#!/usr/bin/env node
// The one-process embedded product (`npm start`'s default without AMQP_URL): every service and the
// gateway in this one Node process, each still its own Nest application with its own database file,
// calling each other over the in-process transport of libs/platform (RPC_TRANSPORT=in-process).
// Convention (docs/DEVELOPING.md): an app whose package.json has "wrenchlog": {"role": "service"} or
// "gateway" is started by importing its dist/main.js, the same entry its own process runs; so a new
// service joins here without a change to this file. tools/start.mjs supervises this process.
import { pathToFileURL } from 'node:url';
import { selectApps } from './apps.mjs';

process.env.RPC_TRANSPORT = 'in-process';
// Every app adds its SIGTERM and SIGINT listeners (Nest's shutdown hooks): more than Node's 10 is expected.
process.setMaxListeners(64);

const { services, gateway } = selectApps();
const apps = gateway ? [...services, gateway] : services;
// Side by side: their starts wait on their databases and migrations, which interleave.
await Promise.all(apps.map((app) => import(pathToFileURL(app.main).href)));
