#pragma once
// A fixed sequence of launches on one stream, recorded once as a CUDA graph and replayed: one
// launch from the host instead of one per kernel, for sequences of many short kernels whose
// launch costs exceed their work (a time step on a small mesh, a multigrid cycle).
#include <cuda_runtime.h>

#include "backends/cuda/cuda_check.cuh"

namespace tridg {

class StreamGraph {
public:
  StreamGraph() = default;
  ~StreamGraph() { reset(); }
  StreamGraph(const StreamGraph&) = delete;
  StreamGraph& operator=(const StreamGraph&) = delete;

  bool ready() const { return exec_ != nullptr; }
  // Forgets the recording: the next capture records again (after the arrays it names change).
  void reset() {
    if (exec_) cudaGraphExecDestroy(exec_);
    exec_ = nullptr;
  }
  // Records what `launches` puts on `stream` (nothing runs while it records).
  template <class F> void capture(cudaStream_t stream, F&& launches) {
    reset();
    cudaGraph_t graph;
    cuda_check(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), "begin capture");
    launches();
    cuda_check(cudaStreamEndCapture(stream, &graph), "end capture");
    const cudaError_t e = cudaGraphInstantiate(&exec_, graph, 0);
    cudaGraphDestroy(graph);
    cuda_check(e, "graph instantiate");
  }
  void launch(cudaStream_t stream) const {
    cuda_check(cudaGraphLaunch(exec_, stream), "graph launch");
  }

private:
  cudaGraphExec_t exec_ = nullptr;
};

} // namespace tridg
