/**
 * What works between Glassbox and its model server (DESIGN.md 12.5, issue 30): the checks of
 * `glassbox doctor` and of the settings' "Check connection", as data each host prints.
 */
export { checkConnection, type CheckConnectionOptions } from './check-connection';
export { connectionLines, connectionReport, formatConnectionReport, type ConnectionCheck, type ConnectionLine, type ConnectionCheckId, type ConnectionCheckStatus, type ConnectionFixWords, type ConnectionReport } from './connection-report';
export { closestNames } from './closest-names';
