// libFuzzer's entry for a program with its own main (compiler-rt's FuzzerInterface.h): runs the
// fuzzer with the command-line flags in argv, calling `callback` for each input.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
