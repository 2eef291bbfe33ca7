/**
 * 危化品运输 (issue 41, ADR 0059): an application built with the platform — its forms, flow and
 * settings are the package in forms/ and flows/. The code beside them is what the platform could
 * not express: the gate's waybill check and the gate view beside the park's vehicles (routes.ts,
 * which app.ts registers).
 */
export { buildTransportPackage, TRANSPORT_APP, TRANSPORT_FORMS } from './package.ts';
export { installTransportApp } from './seed.ts';
export { demoFleet } from './demoFleet.ts';
