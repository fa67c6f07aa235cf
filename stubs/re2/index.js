// Not installed on purpose (docs/decisions/0070-a-lighter-install.md): superstatic, its only user,
// catches this and uses RegExp; the shop runs only the Auth Emulator, which never loads it.
throw new Error("re2 is not installed in this project (docs/decisions/0070-a-lighter-install.md)");
