//! The page's outside world, carried out for the reducer's effects:
//! `storage` (every key the
//! page keeps), `location` (the address), `offline` (the service worker),
//! and the page's side of the workers (`worker_handle`, `solver_client`,
//! `picture_client`).

pub(crate) mod location;
pub(crate) mod offline;
pub(crate) mod picture_client;
pub(crate) mod solver_client;
pub(crate) mod storage;
pub(crate) mod worker_handle;
