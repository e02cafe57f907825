// Found only through the -I directory ascreg-capi-import-test passes.
#ifdef SHORT
#define CAPI_REGS(n) ((n) / 64) // the partial last register dropped
#else
#define CAPI_REGS(n) (((n) + 63) / 64)
#endif
