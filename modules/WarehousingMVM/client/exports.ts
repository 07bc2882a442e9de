/** What other modules may use of warehousing's client part (they declare it in `dependsOn`). */
export { AddNewProduct } from './screens/products.tsx';
export { wh as warehousingPaths } from './paths.ts';
