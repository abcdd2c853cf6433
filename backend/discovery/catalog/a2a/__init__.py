"""A2A agents: registration records (ERC-8004 registration files) and agent cards, read
leniently, merged, indexed by the skills they declare, and kept current by fetching cards."""
