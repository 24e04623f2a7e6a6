import { defineConfig, type Options } from 'tsup';
import { packageBuild } from '../../tsup.base';

// packageBuild() is typed from JSDoc (allowJs), which widens literal unions such as `format`; hence the cast.
export default defineConfig(packageBuild() as Options);
