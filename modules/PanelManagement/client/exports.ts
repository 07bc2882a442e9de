/** What other modules may use of panel management's client part (they declare it in `dependsOn`). */
export { OrgChart as OrganisationChart } from './screens/OrgChart.tsx';
