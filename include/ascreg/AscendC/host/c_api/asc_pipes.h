//===- asc_pipes.h - pipes, events and kernel qualifiers on the host -*- C++ -*-===//
//
// The pipe and event names of the vendor's C API (pipe_t, event_t), the
// kernel qualifiers __global__ / __vector__, asc_init and the pipe
// synchronisation asc_sync_notify / asc_sync_wait / asc_sync, for host
// builds of a complete Ascend C program (the probes' asc_host_kernel.h and
// the Reg API twin). The host runs every pipe in program order, so a
// synchronisation does nothing.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_HOST_C_API_ASC_PIPES_H
#define ASCREG_ASCENDC_HOST_C_API_ASC_PIPES_H

#ifndef __global__
#define __global__
#endif
#ifndef __vector__
#define __vector__
#endif

/// The vendor's pipe and event names (pipe_t, event_t).
enum pipe_t { PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL };
enum event_t {
  EVENT_ID0,
  EVENT_ID1,
  EVENT_ID2,
  EVENT_ID3,
  EVENT_ID4,
  EVENT_ID5,
  EVENT_ID6,
  EVENT_ID7
};

inline void asc_init() {}
inline void asc_sync() {}
inline void asc_sync_notify(pipe_t, pipe_t, event_t) {}
inline void asc_sync_wait(pipe_t, pipe_t, event_t) {}

#endif // ASCREG_ASCENDC_HOST_C_API_ASC_PIPES_H
