/* A stand-in for Windows' bcryptprimitives.dll under Wine 8 (which lacks it), for
 * tools/wine-check only: Rust's standard library asks it for random numbers (ProcessPrng),
 * and RtlGenRandom (advapi32's SystemFunction036) gives them. Never shipped. */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG chunk = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!RtlGenRandom(data, chunk))
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
