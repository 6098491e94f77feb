// Imported first by the fault suite: the venue and the broker it hosts log at warn, so
// its own output stays a readable progress report (the apps' logs go to their files).
process.env.LOG_LEVEL ??= 'warn';
