// A page for nobody signed in: the pages the service worker kept belong to an account, so
// none of them stays on a phone that has logged out (or whose session has ended). Hands
// kept in the outbox stay: they are sent when their own account signs in again.
if (self.caches) caches.delete("scorebook-pages");
