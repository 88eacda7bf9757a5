import { defineConfig } from '@rspack/cli';
import { remoteConfig } from '@nsa/web-kit/rspack-remote';

export default defineConfig(
  remoteConfig({ name: 'mfe_admin', devPort: 3002, packageDir: new URL('./', import.meta.url) }),
);
