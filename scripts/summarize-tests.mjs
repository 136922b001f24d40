// Prints one closing line for the whole suite: "Tests: N passed, N failed".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of ['.test-results/unit.json', '.test-results/api.json']) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
const junit = fs.readFileSync('.test-results/e2e.xml', 'utf8');
for (const m of junit.matchAll(/<testcase\b[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
  if (m[2] && /<failure\b/.test(m[2])) failed += 1;
  else if (!(m[2] && /<skipped\b/.test(m[2]))) passed += 1;
}
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
