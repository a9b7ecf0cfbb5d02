// Fails when the committed generated client differs from what the contract
// produces now: run `npm run generate` and commit the result.
import { execSync } from 'node:child_process';

const dir = 'src/api/generated';
execSync('npm run generate --silent', { stdio: 'inherit' });
const changes = execSync(`git status --porcelain -- ${dir}`, { encoding: 'utf8' }).trim();
if (changes) {
  console.error(`\n${dir} is stale — the contract or generator config changed without regenerating:\n${changes}`);
  console.error('\nRun `npm run generate` and commit the result.');
  console.error(execSync(`git diff --stat -- ${dir}`, { encoding: 'utf8' }));
  process.exit(1);
}
console.log(`${dir} is up to date with openapi.yaml and asyncapi.yaml`);
