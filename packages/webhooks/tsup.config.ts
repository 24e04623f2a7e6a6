import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base.mjs';

export default defineConfig(packageBuild());
