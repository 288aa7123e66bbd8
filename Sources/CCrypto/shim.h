#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H

/* OpenSSL's libcrypto, for BlowfishSerializer: only the Blowfish block cipher.

   OpenSSL 3 moved Blowfish to its "legacy" provider: EVP_bf_ecb() with the default provider fails
   to initialise ("unsupported", inner_evp_generic_fetch), and loading the legacy provider would
   change the process's global library context and needs ossl-modules/legacy.so at run time. The
   low-level BF_set_key/BF_ecb_encrypt run the same cipher without any provider; OpenSSL 3 marks
   them deprecated but ships them (unless built with no-deprecated). These wrappers call them with
   the deprecation attributes off, so that Swift builds without warnings. */
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/blowfish.h>

/* A key schedule, allocated by the caller (sizeof(BF_KEY), 4168 bytes). */
typedef BF_KEY ccrypto_bf_key;

/* Expands `length` bytes of `key` (Blowfish takes 4 to 56) into `schedule`. */
static inline void ccrypto_bf_set_key(ccrypto_bf_key *schedule, const unsigned char *key, int length) {
    BF_set_key(schedule, length, key);
}

/* Encrypts (encrypt != 0) or decrypts one 8-byte block from `in` to `out` (they may be the same). */
static inline void ccrypto_bf_ecb(const unsigned char *in, unsigned char *out, const ccrypto_bf_key *schedule,
                                  int encrypt) {
    BF_ecb_encrypt(in, out, schedule, encrypt ? BF_ENCRYPT : BF_DECRYPT);
}

#endif
