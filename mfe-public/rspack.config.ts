import { defineConfig } from '@rspack/cli';
import { remoteConfig } from '@nsa/web-kit/rspack-remote';

export default defineConfig(
  remoteConfig({ name: 'mfe_public', devPort: 3001, packageDir: new URL('./', import.meta.url) }),
);
