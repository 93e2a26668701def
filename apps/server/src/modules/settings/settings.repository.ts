// The settings row has one writer, shared with the live module: db/site-settings.ts.
export {
  readSettings,
  writeCurrentDirect,
  writeGpaPromo,
  writeHomeDisplay,
  type SettingsRow,
} from '../../db/site-settings.ts';
