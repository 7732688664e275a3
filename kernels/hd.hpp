#pragma once
// One annotation for code that runs on the host (OpenMP backend) and on the device (CUDA backend).
#if defined(__CUDACC__)
#define TRIDG_HD __host__ __device__ __forceinline__
#else
#define TRIDG_HD inline
#endif

namespace tridg {

template <class T> TRIDG_HD T tmin(T a, T b) {
  return a < b ? a : b;
}
template <class T> TRIDG_HD T tmax(T a, T b) {
  return a > b ? a : b;
}
template <class T> TRIDG_HD T tabs(T a) {
  return a < T(0) ? -a : a;
}

} // namespace tridg
