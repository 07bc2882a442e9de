/** Reed–Solomon error correction over GF(256) with the QR polynomial x⁸+x⁴+x³+x²+1. */

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x = (x << 1) ^ (x & 0x80 ? 0x11d : 0);
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;

const multiply = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!);

const generators = new Map<number, Uint8Array>();

/** The generator (x−α⁰)…(x−αⁿ⁻¹), its coefficients highest first without the leading 1. */
function generator(degree: number): Uint8Array {
  let g = generators.get(degree);
  if (g) return g;
  g = new Uint8Array(degree);
  g[degree - 1] = 1;
  for (let i = 0, root = 1; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      g[j] = multiply(g[j]!, root) ^ (j + 1 < degree ? g[j + 1]! : 0);
    }
    root = multiply(root, 2);
  }
  generators.set(degree, g);
  return g;
}

/** The `degree` error-correction codewords of `data`. */
export function reedSolomon(data: Uint8Array, degree: number): Uint8Array {
  const g = generator(degree);
  const rest = new Uint8Array(degree);
  for (const byte of data) {
    const factor = byte ^ rest[0]!;
    rest.copyWithin(0, 1);
    rest[degree - 1] = 0;
    for (let j = 0; j < degree; j++) rest[j] = rest[j]! ^ multiply(g[j]!, factor);
  }
  return rest;
}
