# ruff: noqa: E501  (data file: long template sentences and tables)
"""Generate a SYNTHETIC A2A agent registry and the judged agent-search requests that go with it.

    uv run python scripts/make_agent_registry.py [--count 10000] [--seed 8004] [--out FILE]
                                                 [--requests-out FILE]

Everything written here is SYNTHETIC: invented agents, providers, hosts and descriptions, shaped
after what public ERC-8004 registration files and A2A agent cards look like. Nothing is fetched,
nothing is copied from a real registry, and the judgments are NOT the output of any search run:
they are computed by fixed rules from the hidden ground truth the generator writes with each agent.

Outputs (stdlib only, byte-reproducible for a given --seed and --count):
- the registry, JSON Lines, one agent per line (default `.discovery-eval/agents/registry.jsonl`,
  gitignored: regenerate it, never commit it), in one of three shapes:
    1. registration record only: `{type?, chainId, agentId, name, description, image?,
       endpoints: [{name: "A2A", endpoint, version?, a2aSkills: [...]}, ...], registrations?,
       supportedTrust?, active?, ...}` (about 5% say `services` instead of `endpoints`, as the
       current ERC-8004 registration-v1 text does);
    2. agent card only: an A2A `AgentCard` (`name, description, url?, supportedInterfaces?,
       protocolVersion?, provider, capabilities, defaultInputModes, defaultOutputModes,
       skills: [...]`, ...);
    3. registration record whose A2A endpoint is a card URL (`https://<host>/.well-known/
       agent-card.json`, or the older `/.well-known/agent.json`), with that card embedded under
       the key `_card`. `_card` is for the offline eval only: it stands for the document a sync
       would fetch from the endpoint, so the eval uses it instead of fetching. A registration
       whose endpoint is a card URL but which has no `_card` stands for an unreachable card.
  Every record carries `_truth` (never to be read by the engine under test):
    `{agent_id, shape, purpose, governance_actions, domain, domains, chain, lang, indexed_skills}`
    - agent_id: the key the eval expects: `agent:<chainId>:<agentId>` for records with on-chain
      ids (agentId written as a decimal integer), else `<card url>#<name>` where the card url is
      the card's `url`, or the first `supportedInterfaces[].url` when there is no `url`, exactly
      as written in the card;
    - governance_actions: the governance_and_trust skills the agent REALLY implements well (an
      agent may declare skills it does not implement, or implement skills it declares under ids
      that are not indexed);
    - indexed_skills: what a correct indexer extracts: the declared skill ids that start with
      `governance_and_trust/` (from `endpoints[]`/`services[]` A2A entries' `a2aSkills`, and from
      the card's `skills[].id`, embedded or not). A test oracle for parsers.
- the judged requests, JSON Lines (default `data/eval/agent_requests.jsonl` when --seed and
  --count are the defaults, else next to the registry). See data/eval/agent_requests.md.

The intents and their skills are read from config/intents.toml.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
INTENTS_FILE = REPO / "config" / "intents.toml"
DEFAULT_OUT = REPO / ".discovery-eval" / "agents" / "registry.jsonl"
DEFAULT_REQUESTS = REPO / "data" / "eval" / "agent_requests.jsonl"
DEFAULT_SEED = 8004
DEFAULT_COUNT = 10000

GOV = "governance_and_trust/"
ADD, REMOVE, VERIFY = (
    GOV + "membership/" + s for s in ("add_member", "remove_member", "verify_membership")
)
JOIN, LEAVE, AVERIFY = (
    GOV + "alliance/" + s for s in ("join_alliance", "leave_alliance", "verify_alliance_membership")
)
DADD, DREVOKE, DVERIFY = (
    GOV + "delegation/" + s for s in ("add_delegation", "revoke_delegation", "verify_delegation")
)
TNAME, TACCOUNT, TAPP, TFEEDBACK = (
    GOV + "trust/" + s
    for s in (
        "trust_validate_name",
        "trust_validate_account",
        "trust_validate_app",
        "trust_feedback_authorization",
    )
)
ALL_GOV = [
    ADD,
    REMOVE,
    VERIFY,
    JOIN,
    LEAVE,
    AVERIFY,
    DADD,
    DREVOKE,
    DVERIFY,
    TNAME,
    TACCOUNT,
    TAPP,
    TFEEDBACK,
]

# ----------------------------------------------------------------------------------------------
# Vocabulary: chains, domains, providers
# ----------------------------------------------------------------------------------------------

# (chainId, key, display name, weight)
CHAINS = [
    (8453, "base", "Base", 30),
    (84532, "base-sepolia", "Base Sepolia", 19),
    (11155111, "sepolia", "Sepolia", 17),
    (1, "ethereum", "Ethereum mainnet", 12),
    (137, "polygon", "Polygon", 7),
    (10, "optimism", "Optimism", 5),
    (42161, "arbitrum", "Arbitrum One", 5),
    (59144, "linea", "Linea", 3),
    (100, "gnosis", "Gnosis Chain", 2),
]
CHAIN_BY_KEY = {c[1]: c for c in CHAINS}
CHAIN_BY_ID = {c[0]: c for c in CHAINS}
TESTNETS = {84532, 11155111}
IDENTITY_REGISTRY = {  # synthetic stand-ins, one per network type
    "main": "0x8004A169FB4a3325136EB29fA0ceB6D2e539a432",
    "test": "0x8004A818BFB912233c491871b3d84c89A494BD9e",
}

DOMAINS = [
    "dao",
    "guild",
    "enterprise",
    "gaming clan",
    "research consortium",
    "cooperative",
    "nonprofit",
]
DOMAIN_VOCAB: dict[str, dict[str, Any]] = {
    "dao": {
        "plural": "DAOs",
        "group": [
            "DAO",
            "DAO",
            "on-chain DAO",
            "token-governed DAO",
            "Safe-run DAO",
            "protocol DAO",
        ],
        "member": ["token holder", "contributor", "member", "core contributor"],
        "alliance": ["alliance of DAOs", "DAO coalition", "inter-DAO alliance", "network of DAOs"],
        "authority": [
            "voting power",
            "proposal rights",
            "treasury signing rights",
            "Snapshot voting power",
        ],
    },
    "guild": {
        "plural": "guilds",
        "group": [
            "guild",
            "builders guild",
            "contributor guild",
            "creator guild",
            "artisans' guild",
        ],
        "member": ["guild member", "contributor", "builder", "artisan"],
        "alliance": ["guild federation", "alliance of guilds", "guild league"],
        "authority": ["treasury permissions", "bounty approval rights", "moderator rights"],
    },
    "enterprise": {
        "plural": "companies",
        "group": ["organization", "company", "team workspace", "business unit", "department"],
        "member": ["employee", "contractor", "staff account", "service agent"],
        "alliance": ["industry alliance", "partner consortium", "supplier network", "B2B alliance"],
        "authority": [
            "signing authority",
            "approval rights",
            "expense approval authority",
            "admin permissions",
        ],
    },
    "gaming clan": {
        "plural": "gaming clans",
        "group": ["clan", "gaming guild", "esports team", "raid roster", "Discord clan"],
        "member": ["player", "raider", "clan member", "recruit"],
        "alliance": ["clan alliance", "alliance of clans", "coalition of clans", "guild alliance"],
        "authority": [
            "officer rights",
            "guild bank access",
            "leader permissions",
            "raid-lead permissions",
        ],
    },
    "research consortium": {
        "plural": "research consortia",
        "group": [
            "research consortium",
            "consortium",
            "lab network",
            "research collaboration",
            "working group",
        ],
        "member": ["researcher", "partner lab", "institution", "principal investigator"],
        "alliance": [
            "research alliance",
            "consortium network",
            "federation of consortia",
            "science alliance",
        ],
        "authority": [
            "data-access authority",
            "signing rights for grant reports",
            "dataset approval rights",
        ],
    },
    "cooperative": {
        "plural": "co-ops",
        "group": [
            "cooperative",
            "co-op",
            "member-owned cooperative",
            "housing co-op",
            "credit co-op",
        ],
        "member": ["member-owner", "co-op member", "shareholder member"],
        "alliance": ["federation of co-ops", "cooperative alliance", "co-op network"],
        "authority": ["proxy votes", "board voting rights", "purchasing authority"],
    },
    "nonprofit": {
        "plural": "associations",
        "group": ["association", "club", "nonprofit", "volunteer network", "alumni association"],
        "member": ["member", "volunteer", "supporter", "alumnus"],
        "alliance": ["coalition", "umbrella federation", "alliance of associations"],
        "authority": ["proxy voting rights", "signing authority", "board delegation"],
    },
}
GENERAL_VOCAB = {
    "group": ["group", "community", "organization", "group or DAO"],
    "member": ["member", "account", "agent"],
    "alliance": ["alliance", "coalition", "federation"],
    "authority": ["authority", "permissions", "voting power or signing rights"],
}

# fmt: off
PROVIDERS = [
    "Aegis Labs", "Kinship Systems", "Northwind Agents", "Blocksmith", "Verity Protocol",
    "Hearth Collective", "Lumen Works", "Quillstone", "Cobalt Forge", "Tessellate AI",
    "Meridian Trust", "Ashgrove Labs", "Oakline Software", "Parallax Agents", "Sable & Finch",
    "Tidewater Digital", "Bluebird Agentics", "Cinder Labs", "Fathom Protocol", "Granite Peak AI",
    "Harbor Agents", "Ironbark", "Juniper Stack", "Kestrel Labs", "Larkspur AI",
    "Mosaic Guild Tools", "Nimbus Foundry", "Orchard Systems", "Pinecone Works", "Quasar Agents",
    "Redwood Commons", "Saltmarsh Labs", "Thornfield", "Umbra Protocol", "Vantage Trust",
    "Willow & Co", "Xenon Labs", "Yarrow Digital", "Zephyr Agents", "Agentic Trust Co",
    "Commonwealth Tools", "DAOhaus Friends", "Delegate Works", "Guildline", "Polis Labs",
    "Civic Stack", "Open Council", "Charter Systems", "Keystone Agents", "Lodestar",
    "Bramble Labs", "Copperleaf", "Driftwood AI", "Emberly", "Foxglove Labs", "Gilded Owl",
    "Hollow Oak", "Indigo Ridge", "Jasper Labs", "Kiln Agents",
]
# fmt: on
INDIVIDUALS = [
    "alice.eth",
    "0xmarta",
    "dev-jun",
    "kofi.base.eth",
    "lena_k",
    "ravi.eth",
    "satoshi-ish",
    "nguyen.dev",
]
TLDS = [".xyz", ".ai", ".io", ".app", ".dev", ".com", ".network", ".org", ".tech"]

# ----------------------------------------------------------------------------------------------
# Governance and trust purposes: what an agent really does, and how its authors describe it
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Purpose:
    key: str
    kind: str  # governance | attest | distractor | overclaim | generic
    weight: float
    actions: tuple[str, ...] = ()
    family: str = ""  # text and name family
    grouped: bool = False  # written for a kind of group (domain)
    also_declares: tuple[str, ...] = ()  # sibling skills it sometimes declares without doing


GOVERNANCE_PURPOSES = [
    Purpose("membership_manager", "governance", 2.6, (ADD, REMOVE, VERIFY), "m_manage", True),
    Purpose("membership_onboarding", "governance", 2.4, (ADD,), "m_add", True, (REMOVE, VERIFY)),
    Purpose("membership_offboarding", "governance", 1.1, (REMOVE,), "m_remove", True, (ADD,)),
    Purpose("membership_verifier", "governance", 2.2, (VERIFY,), "m_verify", True, (ADD, AVERIFY)),
    Purpose("alliance_manager", "governance", 0.9, (JOIN, LEAVE, AVERIFY), "a_manage", True),
    Purpose("alliance_joiner", "governance", 0.9, (JOIN,), "a_join", True, (LEAVE,)),
    Purpose("alliance_exit", "governance", 0.4, (LEAVE,), "a_leave", True, (JOIN,)),
    Purpose("alliance_verifier", "governance", 0.8, (AVERIFY,), "a_verify", True, (VERIFY,)),
    Purpose("delegation_manager", "governance", 1.6, (DADD, DREVOKE, DVERIFY), "d_manage", True),
    Purpose("delegation_granter", "governance", 1.5, (DADD,), "d_add", True, (DREVOKE,)),
    Purpose("delegation_revoker", "governance", 1.0, (DREVOKE,), "d_revoke", True, (DADD,)),
    Purpose("delegation_verifier", "governance", 1.2, (DVERIFY,), "d_verify", True, (DADD,)),
    Purpose("name_validator", "governance", 2.0, (TNAME,), "t_name", False, (TACCOUNT,)),
    Purpose("account_validator", "governance", 2.0, (TACCOUNT,), "t_account", False, (TNAME,)),
    Purpose("app_validator", "governance", 1.5, (TAPP,), "t_app", False, (TNAME,)),
    Purpose(
        "validator_suite",
        "governance",
        1.0,
        (TNAME, TACCOUNT, TAPP),
        "t_suite",
        False,
        (TFEEDBACK,),
    ),
    Purpose("feedback_authorizer", "governance", 2.4, (TFEEDBACK,), "t_feedback", False, (TNAME,)),
    Purpose(
        "governance_steward",
        "governance",
        1.0,
        (ADD, REMOVE, VERIFY, DADD, DREVOKE),
        "steward",
        True,
    ),
    Purpose("trust_gateway", "governance", 0.5, (TACCOUNT, TFEEDBACK), "t_gateway", False),
    # Attestations: the trust.association / trust.membership / trust.delegation intents (no skill)
    Purpose("association_attester", "attest", 1.1, (), "x_assoc", False),
    Purpose("membership_attester", "attest", 0.8, (), "x_member", True),
    Purpose("delegation_attester", "attest", 0.8, (), "x_deleg", True),
]

# Templates: {group} {groups} {member} {alliance} {authority} {chain} {Name}
TEMPLATES: dict[str, list[str]] = {
    "m_add": [
        "Adds new {members} to your {group}{chain}: checks the request, writes the membership record and confirms when the new {member} is in.",
        "Onboarding agent for {groups}. Send it an account or agent address and it admits it as a member, with the right role, once an admin approves.",
        "Grants membership in {a_group}. Handles the invitation, the admin's approval and the update of the member list{chain}.",
        "Welcome new people into your {group}: {Name} registers the new {member}, assigns the default role and records the addition.",
        "Member admission service for {groups}{chain}. Accepts a candidate, checks that the requester may admit members, and adds the candidate to the roster.",
        "Keeps your {group} growing: enrolls new {members} and issues their membership record the moment they are approved.",
        "I add members to {groups}. Give me the new {member}'s wallet and I take care of the rest{chain}.",
        "Handles 'add member' requests for {a_group}: registry update, role assignment and a receipt of the change.",
    ],
    "m_remove": [
        "Removes {members} from {a_group}{chain}: revokes their membership record and their access, after admin approval.",
        "Offboarding agent for {groups}. When someone leaves or is expelled, it takes them off the member list and revokes their roles.",
        "Cleans up your {group}'s roster: removes inactive or departed {members} and logs every removal.",
        "Revokes membership in {a_group}. Send the member's address and a reason; the removal is written{chain} and announced.",
        "Removes members who broke the rules of your {group} and strips their permissions everywhere they had them.",
    ],
    "m_verify": [
        "Checks whether an account is a current member of {a_group}{chain} and returns a yes/no answer with proof.",
        "Membership verification for {groups}: given a wallet or agent, confirms whether it belongs to the group before you grant access.",
        "Answers 'is this address one of our {members}?' by reading the {group}'s membership registry.",
        "Token-gating helper: verifies membership in your {group} and returns a signed result you can rely on{chain}.",
        "Looks up the member roster of {a_group} and confirms or denies that a given {member} is part of it.",
    ],
    "m_manage": [
        "Membership management for {groups}{chain}: add new {members}, remove departing ones and verify who is a member at any time.",
        "Runs the member registry of your {group}. Admits, removes and checks {members}, with admin approval for every change.",
        "Full membership lifecycle agent: onboarding, offboarding and membership checks for {a_group}.",
        "Keeps the roster of {a_group} up to date: who joins, who leaves, and who currently belongs{chain}.",
        "Membership desk for {groups}. Ask it to add someone, remove someone, or confirm that an address is a member.",
    ],
    "a_join": [
        "Takes your {group} into {an_alliance}: prepares the application, collects the required approvals and submits the join request{chain}.",
        "Helps {groups} join alliances. It follows the {alliance}'s admission rules and records your group as a member.",
        "Alliance onboarding agent: your organization applies, signs the charter and becomes part of the {alliance}{chain}.",
        "Files and follows up applications to join {an_alliance} on behalf of {a_group}.",
    ],
    "a_leave": [
        "Withdraws your {group} from {an_alliance} cleanly: notice, approvals and the exit itself{chain}.",
        "Handles leaving an alliance: ends your organization's alliance membership and settles what is pending.",
        "Exit agent for alliances: takes {a_group} out of {an_alliance} once its members vote to leave.",
    ],
    "a_verify": [
        "Verifies whether an organization belongs to {an_alliance}{chain} and returns the proof.",
        "Checks alliance membership: tells you if {a_group} is a current member of the {alliance}.",
        "Answers whether an organization is part of a given alliance by reading the alliance's member registry{chain}.",
        "Alliance membership lookups for {groups}: confirm that a partner really is in the {alliance} before you trust it.",
    ],
    "a_manage": [
        "Alliance coordination for {groups}: join {an_alliance}, leave it, and check which organizations are members{chain}.",
        "Manages your {group}'s alliances end to end: applications to join, withdrawals and alliance membership checks.",
        "Runs the membership of {an_alliance}: admits member organizations, processes exits and answers who belongs.",
    ],
    "d_add": [
        "Creates delegations: hand {authority} to another account or agent{chain}, scoped and time-limited.",
        "Delegation agent for {groups}. Grant {authority} to a delegate in one step; the delegation is signed and recorded.",
        "Sets up delegated authority so an assistant or delegate can act on your behalf with {authority}.",
        "Issues scoped permissions (ERC-7710-style delegations) from your smart account to another agent{chain}.",
        "Delegate your {authority} to someone you trust; {Name} prepares, signs and records the delegation.",
    ],
    "d_revoke": [
        "Revokes delegations you gave earlier: removes a delegate's {authority} immediately{chain}.",
        "Takes back delegated authority. Lists your active delegations and cancels the ones you choose.",
        "Kill switch for delegations: revokes the permissions you granted to a bot, a delegate or a session key.",
        "Undelegates for you: ends the delegation of {authority} in {a_group} and confirms it is gone{chain}.",
    ],
    "d_verify": [
        "Verifies that a delegation exists and is still valid: who delegated {authority} to whom, with which limits{chain}.",
        "Checks a delegate's authority before you accept an action taken on someone else's behalf.",
        "Validates delegation chains and their caveats, and tells you if an agent is really allowed to act for an account.",
        "Answers 'may this agent act for that account?' by checking the delegation record{chain}.",
    ],
    "d_manage": [
        "Delegation management for {groups}: delegate {authority}, revoke it, and verify any delegation{chain}.",
        "One place for delegated authority: create, revoke and verify delegations between accounts and agents.",
        "Handles delegations of {authority} in your {group}: grant them, take them back, and check who holds what.",
    ],
    "t_name": [
        "Validates the names agents claim: checks that an ENS name resolves to the agent's account and returns a validation response{chain}.",
        "ENS name validator for ERC-8004 agents. Confirms name ownership and records an attestation in the Validation Registry.",
        "Verifies that a claimed .eth name really belongs to the agent that uses it{chain}.",
        "Name validation service: proves whether an agent controls the name it advertises, then posts the result on-chain.",
    ],
    "t_account": [
        "Validates agent accounts: proves that a smart account is controlled by the agent identity that claims it{chain}.",
        "Smart account validator. Checks the ownership and binding of an ERC-4337 account to an ERC-8004 agent and attests the result.",
        "Confirms which wallet an agent really controls, through a signed challenge, and publishes a validation response.",
        "Account validation for agents{chain}: is this account really bound to this agent? Answered with an attestation.",
    ],
    "t_app": [
        "Validates an agent's app: checks that the advertised web app or endpoint is operated by the agent and attests its provenance{chain}.",
        "App identity validator: domain ownership, TLS and endpoint checks for the apps agents publish.",
        "Checks that the application an agent points to is authentic and answers from the agent's registered endpoint.",
    ],
    "t_suite": [
        "Trust validator for agents: validates claimed names, smart accounts and app endpoints, and posts validation responses{chain}.",
        "Name, account and app validation in one agent. Registries use it to attest agents before listing them.",
        "Validation service for the agent economy: ENS names, account bindings and app provenance, each answered with an attestation.",
    ],
    "t_feedback": [
        "Issues feedback authorizations: signs a feedbackAuth so a client can leave reputation feedback for an agent{chain}.",
        "Lets your customers rate your agent: checks that they really used it and authorizes their feedback in the ERC-8004 Reputation Registry.",
        "Feedback authorization service. Only clients holding a signed authorization can post feedback, which keeps reviews honest.",
        "Authorizes reviews: after a task, {Name} gives the client a signed permission to submit feedback{chain}.",
    ],
    "steward": [
        "Governance steward for {groups}: manages membership (add, remove, verify) and delegations of {authority}{chain}.",
        "Your {group}'s administrator agent. Admits and removes {members}, checks membership, and grants or revokes {authority}.",
        "Day-to-day governance for {a_group}: member changes, membership checks and delegations, each with an audit trail.",
    ],
    "t_gateway": [
        "Trust gateway for agent marketplaces: validates agent accounts and authorizes client feedback{chain}.",
        "Checks that an agent's account is really its own and signs feedback authorizations for its clients.",
    ],
    "x_assoc": [
        "Attests associations between accounts: records a signed statement that two accounts or agents belong together (ERC-8092 associated accounts){chain}.",
        "Association attestations for agents and their operators: create, sign and validate them.",
        "Links an agent to the organization that runs it by issuing an association attestation anyone can check.",
        "Signs and verifies account associations, for example an agent and its operator's wallet{chain}.",
    ],
    "x_member": [
        "Issues membership attestations: a signed, verifiable statement that an account is a member of {a_group}{chain}.",
        "Writes membership credentials (attestations) for {groups} that other apps can check.",
        "Attests that a wallet belongs to {a_group}; the attestation can be presented anywhere as proof.",
    ],
    "x_deleg": [
        "Issues delegation attestations: signed statements that one account has delegated {authority} to another{chain}.",
        "Attests and publishes delegations of {authority} so third parties can rely on them.",
        "Creates verifiable attestations of who acts on whose behalf, for {groups}.",
    ],
}
DEPRECATED_PREFIXES = [
    "DEPRECATED: use {other} instead. ",
    "[deprecated] This agent is no longer maintained; please migrate to {other}. ",
    "No longer operated (moved to {other}). ",
]
EXTRAS = [
    "Requires an admin signature for every change.",
    "Works with Safe multisigs.",
    "Answers over A2A with a JSON receipt.",
    "Gasless through a paymaster.",
    "Every action is logged to an audit trail.",
    "Send a JSON payload or plain text.",
    "Built with LangGraph.",
    "Free during the beta.",
    "Pricing: 0.01 USDC per request (x402).",
    "Part of the Agentic Trust toolkit.",
    "Open source, MIT licensed.",
    "Response time under 5 seconds.",
    "Supports ERC-4337 smart accounts.",
    "Contact the team on Farcaster for access.",
]

# fmt: off
NAME_WORDS: dict[str, tuple[list[str], list[str], list[str]]] = {
    "membership": (
        ["MemberGate", "Kinship Registry Bot", "RosterKeeper", "Onboardly", "DAO Steward",
            "Welcome Mat", "Admit One", "ClanKeeper", "Guildhall Clerk", "Circle Registrar",
            "Membership Desk", "Gatehouse", "Roll Call", "Enlist", "Crew Registry", "Tribe Admin",
            "Hearth Membership Agent", "Member Sync", "Cohort Keeper", "Roster Relay"],
        ["Member", "Roster", "Kin", "Guild", "Clan", "Crew", "Circle", "Tribe", "Cohort",
            "Hall", "Folk", "Crest"],
        ["Gate", "Keeper", "Desk", "Bot", "Registry", "Pass", "Warden", "Clerk", "Hub",
            "Scribe"],
    ),
    "alliance": (
        ["AllianceBridge", "Concord", "Pact Agent", "Federation Desk", "Coalition Clerk",
            "Entente", "Accord Keeper", "LeagueLink", "Treaty Bot", "Unity Registry"],
        ["Alliance", "Pact", "Accord", "Concord", "League", "Treaty", "Union", "Coalition"],
        ["Bridge", "Keeper", "Desk", "Clerk", "Link", "Warden", "Agent", "Hub"],
    ),
    "delegation": (
        ["Proxy Pal", "DelegateDesk", "Mandate", "Steward Keys", "Authority Relay", "Delegator",
            "Caveat Keeper", "Permit Agent", "Power of Attorney Bot", "Vouch Keys"],
        ["Delegate", "Proxy", "Mandate", "Authority", "Caveat", "Permit", "Grant", "Proxy"],
        ["Desk", "Keeper", "Relay", "Keys", "Agent", "Pilot", "Guard", "Hub"],
    ),
    "validator": (
        ["Aegis Trust Validator", "Verity", "NameProof", "ENS Sentinel", "AccountProof",
            "Bastion Validator", "Oathkeeper", "TrustLens Validator", "Seal Validator",
            "ProvenanceCheck", "Attestor Prime"],
        ["Aegis", "Verity", "Bastion", "Sentinel", "Seal", "Oath", "Proof", "Lens", "Ward",
            "Anchor"],
        [" Name Validator", " Account Validator", " App Validator", " Validator",
            " Trust Validator", "Check"],
    ),
    "feedback": (
        ["FeedbackAuth", "Rate My Agent", "Kudos Gate", "ReviewPass", "Reputation Relay",
            "Vouch", "Testimony Agent", "Stars Issuer"],
        ["Kudos", "Review", "Rating", "Repute", "Vouch", "Praise"],
        ["Gate", "Pass", "Relay", "Auth", "Signer", " Agent"],
    ),
    "attest": (
        ["Bondsman", "LinkAttest", "Associa", "Kinship Attestor", "Tether Attest", "Covenant",
            "Witness", "Notary Agent", "Affirm"],
        ["Attest", "Witness", "Notary", "Bond", "Link", "Cov"],
        ["or", " Agent", "Signer", " Registry", "Desk"],
    ),
    "steward": (
        ["DAO Steward", "Council Clerk", "Governance Butler", "Polis Admin", "Charter Keeper",
            "Civic Steward"],
        ["Council", "Polis", "Charter", "Civic", "Agora"],
        [" Steward", " Admin", " Clerk", " Keeper"],
    ),
}
# fmt: on
FAMILY_NAMES = {
    "m_add": "membership",
    "m_remove": "membership",
    "m_verify": "membership",
    "m_manage": "membership",
    "a_join": "alliance",
    "a_leave": "alliance",
    "a_verify": "alliance",
    "a_manage": "alliance",
    "d_add": "delegation",
    "d_revoke": "delegation",
    "d_verify": "delegation",
    "d_manage": "delegation",
    "t_name": "validator",
    "t_account": "validator",
    "t_app": "validator",
    "t_suite": "validator",
    "t_feedback": "feedback",
    "t_gateway": "validator",
    "steward": "steward",
    "x_assoc": "attest",
    "x_member": "attest",
    "x_deleg": "attest",
}

# Card skill metadata for governance skills: names and descriptions used in agent cards
# fmt: off
SKILL_META: dict[str, tuple[list[str], list[str]]] = {
    ADD: (["Add member", "Add Member", "Member onboarding", "Admit member"],
        ["Add an account or agent as a member of the group.", "Admit a new member after admin approval.", "Registers a new member and assigns the default role."]),
    REMOVE: (["Remove member", "Remove Member", "Member offboarding"],
        ["Remove a member from the group and revoke its roles.", "Offboard a member who left or was expelled."]),
    VERIFY: (["Verify membership", "Verify Membership", "Membership check"],
        ["Check whether an account is a current member.", "Return proof that an address belongs to the group."]),
    JOIN: (["Join alliance", "Join Alliance", "Alliance application"],
        ["Apply to join an alliance and record the organization as a member.", "Submit a join request to an alliance."]),
    LEAVE: (["Leave alliance", "Leave Alliance", "Alliance exit"],
        ["Withdraw the organization from an alliance.", "End the organization's alliance membership."]),
    AVERIFY: (["Verify alliance membership", "Alliance membership check"],
        ["Check whether an organization is a member of an alliance.", "Prove alliance membership."]),
    DADD: (["Add delegation", "Delegate", "Create delegation"],
        ["Delegate authority to another account or agent.", "Create a scoped, signed delegation."]),
    DREVOKE: (["Revoke delegation", "Undelegate", "Revoke Delegation"],
        ["Revoke a delegation given earlier.", "Take back delegated authority."]),
    DVERIFY: (["Verify delegation", "Delegation check"],
        ["Check that a delegation exists and is valid.", "Verify a delegate's authority and its limits."]),
    TNAME: (["Validate name", "trust_validate_name", "ENS name validation"],
        ["Validate that an ENS name belongs to the agent's account.", "Submit a validation response for a claimed name."]),
    TACCOUNT: (["Validate account", "trust_validate_account", "Smart account validation"],
        ["Validate that a smart account is bound to the agent.", "Submit a validation response for an account."]),
    TAPP: (["Validate app", "trust_validate_app", "App validation"],
        ["Validate the identity and provenance of an agent's app.", "Submit a validation response for an app endpoint."]),
    TFEEDBACK: (["Feedback authorization", "trust_feedback_authorization", "Authorize feedback"],
        ["Issue a signed ERC-8004 feedbackAuth for a client to submit feedback.", "Authorize a client to rate the agent."]),
}
# fmt: on
# Non-indexed ids that authors use for the same actions (bare, camelCase, kebab-case, OASF dotted)
# fmt: off
WILD_IDS: dict[str, list[str]] = {
    ADD: ["add_member", "addMember", "add-member", "member_onboarding", "governance.membership.add"],
    REMOVE: ["remove_member", "removeMember", "remove-member", "offboard-member", "governance.membership.remove"],
    VERIFY: ["verify_membership", "verifyMembership", "membership-check", "governance.membership.verify"],
    JOIN: ["join_alliance", "joinAlliance", "alliance-join", "governance.alliance.join"],
    LEAVE: ["leave_alliance", "leaveAlliance", "alliance-exit", "governance.alliance.leave"],
    AVERIFY: ["verify_alliance_membership", "verifyAlliance", "alliance-check", "governance.alliance.verify"],
    DADD: ["add_delegation", "createDelegation", "delegate", "governance.delegation.add"],
    DREVOKE: ["revoke_delegation", "revokeDelegation", "undelegate", "governance.delegation.revoke"],
    DVERIFY: ["verify_delegation", "verifyDelegation", "delegation-check", "governance.delegation.verify"],
    TNAME: ["trust_validate_name", "validateName", "trust.validate.name", "oasf:trust.validate.name", "ens-validation"],
    TACCOUNT: ["trust_validate_account", "validateAccount", "trust.validate.account", "oasf:trust.validate.account"],
    TAPP: ["trust_validate_app", "validateApp", "trust.validate.app", "oasf:trust.validate.app"],
    TFEEDBACK: ["trust_feedback_authorization", "feedbackAuth", "trust.feedback.authorization", "oasf:trust.feedback.authorization"],
}
# fmt: on
OASF_NOISE = [
    "trust.validate.name",
    "trust.validate.account",
    "trust.validate.app",
    "trust.feedback.authorization",
    "trust.association.attestation",
    "trust.membership.attestation",
    "trust.delegation.attestation",
    "trust.identity.validation",
    "governance.membership.add",
    "governance.membership.verify",
    "governance.delegation.revoke",
    "governance.alliance.join",
    "governance.audit.provenance",
    "agent_interaction.request_handling",
    "integration.protocol_handling",
    "relationship.association.revocation",
    "delegation.request.authorization",
]
OASF_GENERIC = [
    "natural_language_processing/summarization",
    "natural_language_processing/translation",
    "analytical_skills/data_analysis",
    "agent_orchestration/task_decomposition",
    "agent_interaction.request_handling",
    "integration.protocol_handling",
    "tool_interaction/api_calls",
]
PROTOCOL_NOISE = [
    "agent_interaction/request_handling",
    "atp.inbox.sendMessage",
    "atp.feedback.request",
    "ping",
    "health_check",
    "echo",
]
ATTEST_SKILLS = {
    "x_assoc": [
        (
            "trust.association.attestation",
            "Association attestation",
            "Create or validate an association attestation between two accounts.",
        ),
        ("create_association", "Create association", "Sign an associated-accounts record."),
        ("verifyAssociation", "Verify association", "Check an association attestation."),
    ],
    "x_member": [
        (
            "trust.membership.attestation",
            "Membership attestation",
            "Issue a membership attestation.",
        ),
        ("attest-membership", "Attest membership", "Sign a statement that an account is a member."),
    ],
    "x_deleg": [
        (
            "trust.delegation.attestation",
            "Delegation attestation",
            "Issue a delegation attestation.",
        ),
        ("attestDelegation", "Attest delegation", "Sign a statement that a delegation exists."),
    ],
}

# ----------------------------------------------------------------------------------------------
# Other agents: generic purposes, distractors that mention membership or trust, over-claimers
# ----------------------------------------------------------------------------------------------
# key: (weight, names, descriptions, skills [(id, name, description)])
# fmt: off
GENERIC: dict[str, tuple[float, list[str], list[str], list[tuple[str, str, str]]]] = {
    "summarizer": (3.0, ["Brevity", "TLDR Bot", "Digest", "Summa", "Gist Agent", "Precis", "Condense AI", "Skimmer"],
        ["Summarizes long documents, threads and web pages into short briefs with the key points.",
         "Paste a report, a PDF or a URL and get a concise summary with the main takeaways and action items.",
         "Turns meeting transcripts and long emails into bullet-point summaries."],
        [("data_analysis/summarize", "Summarize", "Summarize a document or a web page."),
         ("summarize_text", "Summarize text", "Condense text into key points."),
         ("summarizeDocument", "Summarize document", "Summarize a PDF or DOCX file."),
         ("extract-action-items", "Action items", "List the action items found in a text.")]),
    "translator": (2.0, ["Babel", "Lingo Bridge", "Polyglot", "Transla", "Rosetta Agent", "Interpret AI"],
        ["Translates text between more than 50 languages while keeping tone and formatting.",
         "Real-time translation for chats, documents and product listings.",
         "Localizes your app strings and marketing copy into any language."],
        [("translate", "Translate", "Translate text into a target language."),
         ("translateText", "Translate text", "Translate a text."),
         ("language/translate", "Translate", "Translate between languages."),
         ("detect-language", "Detect language", "Detect the language of a text.")]),
    "research": (2.4, ["Scholar", "Deep Research Agent", "Inquiry", "Curio", "Lit Review Bot", "FactFinder"],
        ["Researches a topic across the web and academic sources and writes a cited report.",
         "Finds papers, reads them and answers your question with references.",
         "Deep research agent: plans searches, reads sources and drafts a structured brief."],
        [("research/deep_research", "Deep research", "Research a topic and write a cited report."),
         ("web_search", "Web search", "Search the web."),
         ("findPapers", "Find papers", "Search academic papers."),
         ("cite-sources", "Cite sources", "Return citations for claims.")]),
    "code_review": (2.0, ["PR Buddy", "Lintwise", "Code Critic", "Reviewer Bot", "Diffy", "Refactor Owl"],
        ["Reviews pull requests, points out bugs and suggests fixes in plain language.",
         "Code review agent for TypeScript, Python and Solidity repositories.",
         "Explains diffs, writes tests and flags risky changes before merge."],
        [("code_review", "Code review", "Review a pull request."),
         ("generateTests", "Generate tests", "Write unit tests."),
         ("dev/explain-diff", "Explain diff", "Explain a code change.")]),
    "data_analyst": (2.2, ["Tabula", "Insight Engine", "Quant Helper", "DataDesk", "Pivot", "Chartwise"],
        ["Analyzes CSV and spreadsheet data, finds trends and draws charts.",
         "Ask questions about your data in plain English; get SQL, tables and charts back.",
         "Data analysis agent: cleaning, statistics and dashboards from your files."],
        [("data_analysis/analyze_csv", "Analyze CSV", "Analyze a CSV file."),
         ("data_analysis/chart", "Chart", "Draw a chart."),
         ("runQuery", "Run SQL", "Run a SQL query."),
         ("sql-query", "SQL query", "Write and run SQL.")]),
    "payments": (2.6, ["PayRelay", "Coinflow", "Remit Agent", "Settle", "x402 Pay Agent", "Tipjar", "Stablepay"],
        ["Sends and receives stablecoin payments for agents and people, with receipts.",
         "Pay-per-call payments for APIs over x402; handles invoices and refunds.",
         "Moves USDC between wallets and chains and confirms settlement."],
        [("finance/payments/send", "Send payment", "Send a payment."),
         ("finance/payments/request", "Request payment", "Request a payment."),
         ("send_payment", "Send payment", "Transfer stablecoins."),
         ("x402-pay", "x402 pay", "Pay an x402 endpoint.")]),
    "invoicing": (1.2, ["Ledgerly", "Billwise", "Accrue", "Invoicer"],
        ["Creates invoices, chases late payments and reconciles them with your books.",
         "Invoicing and bookkeeping agent for freelancers and small teams."],
        [("createInvoice", "Create invoice", "Create an invoice."),
         ("finance/invoices/reconcile", "Reconcile", "Reconcile payments.")]),
    "crypto_price": (2.6, ["Ticker", "PriceFeed Agent", "Oracle Eye", "CoinPulse", "Chart Whisperer"],
        ["Real-time crypto prices, charts and alerts for thousands of tokens.",
         "Ask for any token's price, volume or market cap and get an answer with a chart.",
         "Price oracle agent: aggregated token prices from several DEXs and CEXs."],
        [("get_price", "Get price", "Get a token price."),
         ("crypto/price", "Price", "Token price."),
         ("getTokenPrice", "Token price", "Latest token price."),
         ("market-data", "Market data", "Volume and market cap.")]),
    "portfolio": (1.8, ["Folio", "Wallet Watch", "Balance Bot", "Portfolio Pilot"],
        ["Tracks your wallets across chains and reports balances, PnL and positions.",
         "Portfolio tracker: DeFi positions, NFTs and tokens in one view."],
        [("portfolio/balances", "Balances", "Wallet balances."),
         ("getPositions", "Positions", "DeFi positions.")]),
    "defi_yield": (1.6, ["Yield Scout", "APY Hunter", "Farm Finder", "Vaultwise"],
        ["Finds the best stablecoin yields across lending markets and vaults.",
         "Compares APYs, risks and lockups and moves funds to the best vault."],
        [("defi/yield_search", "Yield search", "Find yields."),
         ("deposit-vault", "Deposit", "Deposit into a vault.")]),
    "token_swap": (1.8, ["SwapSmith", "Route Runner", "DEX Pilot", "Swapper"],
        ["Swaps tokens at the best rate across DEX aggregators, with slippage protection.",
         "Cross-DEX swap agent: quotes, routes and executes swaps from your wallet."],
        [("swap", "Swap", "Swap tokens."),
         ("defi/swap/quote", "Quote", "Get a swap quote."),
         ("executeSwap", "Execute swap", "Execute a swap.")]),
    "nft_minter": (1.4, ["Mintery", "NFT Forge", "Collectible Press", "Edition Agent"],
        ["Mints NFT collections from your images and metadata, with royalties.",
         "No-code NFT minting: upload art, set supply and price, and deploy."],
        [("mint_nft", "Mint NFT", "Mint an NFT."),
         ("nft/deploy-collection", "Deploy collection", "Deploy a collection.")]),
    "social_poster": (2.2, ["Postmaster", "Buzz Agent", "Socialite", "Threadsmith", "Cast Agent"],
        ["Writes and schedules posts for X, Farcaster and LinkedIn, and replies to mentions.",
         "Social media manager agent: content calendar, posting and engagement reports."],
        [("social/post", "Post", "Publish a post."),
         ("schedule_post", "Schedule post", "Schedule a post."),
         ("postToFarcaster", "Cast", "Post to Farcaster."),
         ("reply-mentions", "Reply", "Reply to mentions.")]),
    "content_writer": (1.8, ["Quill", "Copy Crafter", "Blogsmith", "Wordsmith AI"],
        ["Writes blog posts, product pages and newsletters in your brand voice.",
         "SEO content writer: outlines, drafts and meta descriptions."],
        [("write_article", "Write article", "Write an article."),
         ("content/seo-outline", "SEO outline", "Outline for SEO.")]),
    "image_gen": (1.8, ["Pixel Muse", "Canvas", "DreamFrame", "Sketchbook"],
        ["Generates images, logos and illustrations from a text prompt.",
         "Image generation and editing agent: styles, upscaling and background removal."],
        [("generate-image", "Generate image", "Create an image from a prompt."),
         ("image/edit", "Edit image", "Edit an image."),
         ("removeBackground", "Remove background", "Remove an image background.")]),
    "travel": (1.4, ["Wayfarer", "Trip Planner", "Itinerary Agent", "Nomad"],
        ["Plans trips: flights, hotels and day-by-day itineraries within your budget.",
         "Travel agent that books flights and hotels and reminds you of check-in."],
        [("plan_trip", "Plan trip", "Plan an itinerary."),
         ("searchFlights", "Search flights", "Find flights.")]),
    "weather": (1.6, ["Weather Agent", "Skycast", "Weather Oracle", "Forecast Bot", "Nimbus"],
        ["Gives current weather and forecasts for any city.",
         "Weather forecasts, alerts and air quality for your location."],
        [("weather_search", "Weather", "Current weather."),
         ("get_forecast", "Forecast", "Weather forecast."),
         ("weather", "Weather", "Weather for a city.")]),
    "calendar": (1.4, ["Scheduler", "Slot Finder", "Agenda", "Timekeeper"],
        ["Finds meeting times across calendars and sends the invites.",
         "Calendar assistant: schedules, reschedules and reminds."],
        [("schedule_meeting", "Schedule meeting", "Book a meeting."),
         ("findAvailability", "Availability", "Find free slots.")]),
    "email": (1.2, ["Inbox Zero Agent", "Mailroom", "Reply Assist"],
        ["Triage your inbox: labels, drafts replies and unsubscribes from noise.",
         "Email assistant that drafts replies and follows up on threads."],
        [("draft_reply", "Draft reply", "Draft an email reply."),
         ("email/triage", "Triage", "Sort the inbox.")]),
    "support": (2.2, ["Helpdesk", "Support Agent", "Answer Desk", "Ticket Triage", "Care Bot"],
        ["Answers customer questions from your docs and escalates tickets to humans.",
         "24/7 customer support agent for online shops."],
        [("answer_question", "Answer question", "Answer from the knowledge base."),
         ("create-ticket", "Create ticket", "Open a ticket.")]),
    "recipe": (0.8, ["Recipe Agent", "Sous Chef", "Pantry Pal"],
        ["Suggests recipes from what is in your fridge and builds shopping lists.",
         "Cooking assistant with recipes, substitutions and meal plans."],
        [("find_recipe", "Find recipe", "Find recipes."),
         ("mealPlan", "Meal plan", "Plan meals.")]),
    "fitness": (0.7, ["Coach Kai", "Rep Counter", "FitPlan"],
        ["Personal trainer agent: workout plans, progress tracking and reminders."],
        [("workout_plan", "Workout plan", "Create a workout plan.")]),
    "legal_docs": (1.0, ["Clause", "Contract Reviewer", "Docket"],
        ["Reviews contracts, highlights risky clauses and drafts NDAs.",
         "Legal document assistant for startups: NDAs, terms of service and privacy policies."],
        [("review_contract", "Review contract", "Review a contract."),
         ("draft-nda", "Draft NDA", "Draft an NDA.")]),
    "tax": (0.8, ["TaxPal", "Crypto Tax Agent", "Deductions"],
        ["Computes crypto taxes from your wallets and exchanges and exports the reports.",
         "Tax helper that finds deductions and fills in forms."],
        [("tax/crypto_report", "Tax report", "Crypto tax report."),
         ("calculateGains", "Capital gains", "Compute gains.")]),
    "jobs": (0.8, ["Talent Scout", "Job Matcher", "Resume Coach"],
        ["Matches candidates with jobs and improves resumes.",
         "Finds remote Web3 jobs that fit your profile."],
        [("match_jobs", "Match jobs", "Find matching jobs."),
         ("resume-review", "Resume review", "Review a resume.")]),
    "tutor": (1.0, ["Tutor", "Math Mentor", "Study Buddy"],
        ["Explains math and science step by step and quizzes you.",
         "Language tutor for conversation practice."],
        [("explain_concept", "Explain", "Explain a concept."),
         ("quiz", "Quiz", "Quiz the learner.")]),
    "news": (1.4, ["Newsroom", "Headline Agent", "Daily Brief", "Crypto Wire"],
        ["Daily news digest on the topics you follow.",
         "Crypto news summaries with sentiment and links."],
        [("news/digest", "Digest", "News digest."),
         ("get_headlines", "Headlines", "Top headlines.")]),
    "auditor": (1.2, ["Solidity Sentinel", "Audit Bot", "Bytecode Inspector"],
        ["Audits Solidity contracts for reentrancy, access-control and overflow bugs.",
         "Smart contract security scanner with a written report."],
        [("audit_contract", "Audit contract", "Audit a smart contract."),
         ("security/scan", "Scan", "Static analysis.")]),
    "gas": (0.6, ["Gas Oracle", "Fee Watch"],
        ["Predicts gas fees and tells you when to send your transaction."],
        [("gas_estimate", "Gas estimate", "Estimate gas.")]),
    "onchain_analytics": (1.4, ["Chain Sleuth", "Block Lens", "Tx Explorer Agent", "Whale Watch"],
        ["Explains transactions, traces funds and tracks whale wallets.",
         "On-chain analytics agent: decode transactions and query chain data."],
        [("decode_tx", "Decode tx", "Explain a transaction."),
         ("onchain/query", "Query", "Query chain data."),
         ("trackWallet", "Track wallet", "Follow a wallet.")]),
    "bridge": (0.8, ["Bridge Buddy", "Crosschain Courier"],
        ["Bridges tokens between chains at the lowest fee."],
        [("bridge_tokens", "Bridge", "Bridge tokens."),
         ("bridge/quote", "Quote", "Bridge quote.")]),
    "meeting_notes": (1.0, ["Minutes", "Notetaker", "Recap"],
        ["Joins your calls, takes notes and sends a recap with decisions and owners."],
        [("transcribe", "Transcribe", "Transcribe audio."),
         ("meeting-recap", "Recap", "Meeting recap.")]),
    "shopping": (1.0, ["Cart Agent", "Deal Finder", "Shopper"],
        ["Finds the best price for a product and buys it for you.",
         "Compares products and tracks price drops."],
        [("search_products", "Search products", "Find products."),
         ("buyItem", "Buy", "Place an order.")]),
    "devops": (0.9, ["Deploy Bot", "Incident Agent", "On-call Helper"],
        ["Deploys services, watches alerts and summarizes incidents.",
         "DevOps agent for Kubernetes and CI pipelines."],
        [("deploy", "Deploy", "Deploy a service."),
         ("incident-summary", "Incident summary", "Summarize an incident.")]),
    "health_booking": (0.6, ["Clinic Booker", "Appointment Agent"],
        ["Books doctor appointments and sends reminders."],
        [("book_appointment", "Book appointment", "Book an appointment.")]),
    "music": (0.6, ["Playlist Agent", "DJ Bot"],
        ["Builds playlists for any mood and shares them."],
        [("make_playlist", "Playlist", "Build a playlist.")]),
    "real_estate": (0.6, ["Listing Scout", "Home Finder"],
        ["Finds homes and apartments matching your criteria."],
        [("search_listings", "Search listings", "Find listings.")]),
}
# fmt: on

# fmt: off
DISTRACTORS: dict[str, tuple[float, list[str], list[str], list[tuple[str, str, str]]]] = {
    "newsletter": (0.7, ["Inkwell Digest", "Letterbox", "Weekly Brief Bot"],
        ["Curates your weekly newsletter and manages subscription memberships: upgrades, downgrades and renewals of paid tiers.",
         "Newsletter agent: writes issues, grows your list and handles member-only posts for paying subscribers."],
        [("newsletter/send", "Send issue", "Send a newsletter issue."),
         ("manage_subscription", "Manage subscription", "Upgrade or cancel a subscription.")]),
    "gym": (0.4, ["FitClub Desk", "Gym Buddy"],
        ["Books fitness classes and reminds you when your gym membership is due for renewal.",
         "Front desk agent for gyms: class bookings, membership renewals and guest passes."],
        [("book_class", "Book class", "Book a class."),
         ("renewMembership", "Renew membership", "Renew a gym membership.")]),
    "loyalty": (0.5, ["Loyalty Loop", "Points Pal", "Rewards Desk"],
        ["Runs loyalty programs for shops: members earn points, unlock tiers and redeem rewards.",
         "Customer loyalty agent: member tiers, points balances and reward redemptions."],
        [("loyalty/points", "Points", "Points balance."),
         ("redeem-reward", "Redeem", "Redeem a reward.")]),
    "seller_trust": (0.5, ["TrustScore", "Seller Shield", "Fraud Lens"],
        ["Scores marketplace sellers for trust and fraud risk from reviews, refunds and delivery history.",
         "Trust and safety agent for marketplaces: flags suspicious listings and risky sellers."],
        [("trust_score", "Trust score", "Score a seller."),
         ("fraud-check", "Fraud check", "Check an order for fraud.")]),
    "estate": (0.3, ["Estate Planner", "Will & Trust Helper"],
        ["Drafts wills and living trusts and explains trust and estate taxes in plain language."],
        [("draft_will", "Draft will", "Draft a will."),
         ("trust-setup", "Set up a trust", "Draft a living trust.")]),
    "airline": (0.3, ["Miles Mate", "Upgrade Hunter"],
        ["Tracks frequent-flyer miles across airline alliances (Star Alliance, oneworld, SkyTeam) and finds upgrade seats."],
        [("track_miles", "Track miles", "Track loyalty miles.")]),
    "task_delegation": (0.7, ["Taskmaster", "Handoff", "Delegato"],
        ["Delegates tasks to the right teammate, follows up on deadlines and reports progress to the manager.",
         "Project assistant: breaks work into tasks, delegates them and chases status updates."],
        [("delegate_task", "Delegate task", "Assign a task to a teammate."),
         ("status-report", "Status report", "Summarize progress.")]),
    "form_validation": (0.5, ["CleanCRM", "Validata", "Formcheck"],
        ["Validates names, emails, phone numbers and postal addresses in your CRM and fixes their formatting.",
         "Data validation agent: checks that customer names and addresses are complete and well-formed."],
        [("validate_contact", "Validate contact", "Validate a contact record."),
         ("validateEmail", "Validate email", "Check an email address.")]),
    "iban": (0.3, ["IBAN Check", "Payout Guard"],
        ["Validates bank account numbers (IBAN, routing numbers) before payouts to avoid failed transfers."],
        [("validate_bank_account", "Validate bank account", "Check an IBAN or routing number.")]),
    "app_qa": (0.4, ["StoreReady", "App Review Prep"],
        ["Validates your mobile app build against App Store and Google Play guidelines before submission."],
        [("validate_app_build", "Validate build", "Check an app build."),
         ("store-listing", "Store listing", "Write a store listing.")]),
    "customer_feedback": (0.6, ["Pulse Survey", "Voice of Customer", "NPS Bot"],
        ["Collects customer feedback with NPS and CSAT surveys and summarizes recurring themes.",
         "Feedback analysis agent: reads reviews and support tickets and tells you what customers ask for."],
        [("collect_feedback", "Collect feedback", "Send a survey."),
         ("analyzeReviews", "Analyze reviews", "Summarize reviews.")]),
    "dao_proposals": (0.8, ["Proposal Pal", "Forum Scribe", "Vote Tracker"],
        ["Drafts DAO proposals, summarizes forum debates and tracks how votes are going.",
         "Governance digest for DAOs: new proposals, voting deadlines and results in one message."],
        [("draft_proposal", "Draft proposal", "Draft a DAO proposal."),
         ("governance/vote-summary", "Vote summary", "Summarize a vote.")]),
    "delegate_analytics": (0.5, ["Delegate Lens", "Karma Board", "Voting Power Watch"],
        ["Shows DAO delegates' voting records, participation and delegated voting power over time.",
         "Compare governance delegates before you choose one: track records, statements and votes."],
        [("delegate_stats", "Delegate stats", "Delegate voting records."),
         ("compareDelegates", "Compare", "Compare delegates.")]),
    "discord_mod": (0.7, ["Modwise", "Welcome Bot", "Server Sentry"],
        ["Welcomes new members to your Discord server, answers FAQs and removes spam.",
         "Community moderation agent: greets newcomers, enforces rules and summarizes busy channels."],
        [("moderate", "Moderate", "Moderate messages."),
         ("welcome-message", "Welcome", "Greet new members.")]),
    "ens_lookup": (0.4, ["ENS Lookup", "Name Radar"],
        ["Looks up ENS names, avatars and expiry dates, and alerts you before your name expires."],
        [("resolve_ens", "Resolve ENS", "Resolve an ENS name."),
         ("expiry-alert", "Expiry alert", "Warn before expiry.")]),
    "allowance_revoker": (0.4, ["Approval Sweeper", "Allowance Guard"],
        ["Scans your wallet for risky ERC-20 token approvals and revokes the allowances you no longer need."],
        [("revoke_allowance", "Revoke allowance", "Revoke a token approval."),
         ("scanApprovals", "Scan approvals", "List approvals.")]),
    "nft_pass_art": (0.3, ["Pass Studio", "Badge Forge"],
        ["Generates artwork and metadata for NFT membership passes and collectibles."],
        [("generate_pass_art", "Pass art", "Generate pass artwork.")]),
    "kyc": (0.4, ["KYC Express", "IdentiCheck"],
        ["Runs KYC checks on customers: document scan, selfie match and sanctions screening."],
        [("kyc_check", "KYC check", "Verify a customer's identity."),
         ("sanctions-screen", "Sanctions", "Screen a name.")]),
    "reputation_dashboard": (0.4, ["Rep Board", "Agent Scorecard"],
        ["Displays ERC-8004 reputation scores and the feedback history of agents, with charts."],
        [("get_reputation", "Reputation", "Show an agent's reputation."),
         ("feedback-history", "History", "List feedback.")]),
    "game_alliance_advisor": (0.3, ["Warroom Advisor", "4X Strategist"],
        ["Strategy advisor for 4X games: suggests which alliances your clan should form and when to break them."],
        [("strategy_advice", "Strategy", "Suggest a strategy.")]),
}
# fmt: on

OVERCLAIM_WEIGHTS = {"kitchen_sink": 1.2, "template": 1.1, "deprecated": 0.6}
KITCHEN_NAMES = [
    "OmniAgent",
    "Swiss Army Agent",
    "DoItAll",
    "Jack of All Trades",
    "Web3 Super Agent",
    "Everything Bot",
    "MegaHelper",
]
KITCHEN_DESCS = [
    "All-in-one Web3 assistant: chat, swaps, price alerts, NFTs and more.",
    "A general-purpose agent that can help with almost anything in crypto.",
    "Your multipurpose AI helper for DeFi, social and productivity.",
    "One agent for all your on-chain needs.",
]
TEMPLATE_NAMES = [
    "My Agent",
    "Example Agent",
    "ATP Agent",
    "test-agent",
    "Agent 007",
    "New Agent",
    "Untitled agent",
    "hello-world-agent",
    "Demo Agent",
    "agent-template",
]
TEMPLATE_DESCS = [
    "An ATP agent for A2A communication",
    "A sample A2A agent.",
    "Test agent, please ignore.",
    "TODO: add description",
    "Agent created with the quickstart template.",
    "",
    "My first agent",
]

# ----------------------------------------------------------------------------------------------
# Other languages (a few percent of agents)
# ----------------------------------------------------------------------------------------------
LANG_WEIGHTS = {"en": 94.0, "es": 2.4, "de": 1.4, "fr": 1.3, "ja": 0.9}
LANG_GROUPS = {
    "es": {
        "dao": "DAOs",
        "guild": "gremios",
        "enterprise": "empresas",
        "gaming clan": "clanes",
        "research consortium": "consorcios de investigación",
        "cooperative": "cooperativas",
        "nonprofit": "asociaciones",
        None: "grupos",
    },
    "de": {
        "dao": "DAOs",
        "guild": "Gilden",
        "enterprise": "Unternehmen",
        "gaming clan": "Clans",
        "research consortium": "Forschungskonsortien",
        "cooperative": "Genossenschaften",
        "nonprofit": "Vereine",
        None: "Gruppen",
    },
    "fr": {
        "dao": "DAO",
        "guild": "guildes",
        "enterprise": "entreprises",
        "gaming clan": "clans",
        "research consortium": "consortiums de recherche",
        "cooperative": "coopératives",
        "nonprofit": "associations",
        None: "groupes",
    },
    "ja": {
        "dao": "DAO",
        "guild": "ギルド",
        "enterprise": "企業",
        "gaming clan": "クラン",
        "research consortium": "研究コンソーシアム",
        "cooperative": "協同組合",
        "nonprofit": "協会",
        None: "グループ",
    },
}
FOR_GROUPS = ["Made for {groups}.", "Built for {groups}.", "Used by {groups}.", "For {groups}."]
LANG_FOR_GROUPS = {
    "es": " Para {groups}.",
    "de": " Für {groups}.",
    "fr": " Pour les {groups}.",
    "ja": " {groups}向け。",
}
LANG_AND = {"es": " y ", "de": " und ", "fr": " et ", "ja": "・"}


def lang_groups(lang: str, domains: list[str]) -> str:
    names = [LANG_GROUPS[lang][d] for d in domains] or [LANG_GROUPS[lang][None]]
    if len(names) == 1:
        return names[0]
    sep = "・" if lang == "ja" else ", "
    return sep.join(names[:-1]) + LANG_AND[lang] + names[-1]


LANG_CHAIN = {
    "es": " Disponible en {c}.",
    "de": " Verfügbar auf {c}.",
    "fr": " Disponible sur {c}.",
    "ja": " {c}に対応。",
}
LANG_TEMPLATES: dict[str, dict[str, str]] = {
    "es": {
        "m_add": "Añade nuevos miembros a {groups}: revisa la solicitud, registra la membresía y confirma el alta.",
        "m_remove": "Elimina miembros de {groups} y revoca sus permisos cuando dejan el grupo.",
        "m_verify": "Comprueba si una cuenta o un agente es miembro actual de tu grupo ({groups}) y devuelve la prueba.",
        "m_manage": "Gestión de membresía para {groups}: altas, bajas y verificación de miembros.",
        "a_join": "Ayuda a {groups} a unirse a una alianza: prepara la solicitud y registra la adhesión.",
        "a_leave": "Retira a tu organización de una alianza de forma ordenada.",
        "a_verify": "Verifica si una organización pertenece a una alianza y devuelve la prueba.",
        "a_manage": "Coordina alianzas para {groups}: adhesión, salida y verificación de miembros.",
        "d_add": "Crea delegaciones: otorga poder de voto o permisos a otra cuenta o agente.",
        "d_revoke": "Revoca delegaciones concedidas anteriormente y retira los permisos del delegado.",
        "d_verify": "Verifica que una delegación existe y sigue siendo válida.",
        "d_manage": "Gestiona delegaciones: crearlas, revocarlas y verificarlas.",
        "t_name": "Valida los nombres ENS que declaran los agentes y publica una atestación.",
        "t_account": "Valida que una cuenta inteligente pertenece al agente que la declara.",
        "t_app": "Valida la identidad y la procedencia de la aplicación de un agente.",
        "t_suite": "Validador de confianza para agentes: nombres, cuentas y aplicaciones.",
        "t_feedback": "Emite autorizaciones de feedback para que los clientes valoren a un agente.",
        "steward": "Administrador de gobernanza para {groups}: miembros y delegaciones.",
        "t_gateway": "Valida cuentas de agentes y autoriza el feedback de sus clientes.",
        "x_assoc": "Emite atestaciones de asociación entre cuentas y agentes.",
        "x_member": "Emite atestaciones de membresía para miembros de {groups}.",
        "x_deleg": "Emite atestaciones de delegación entre cuentas.",
        "summarizer": "Resume documentos largos y páginas web en puntos clave.",
        "translator": "Traduce textos entre más de 50 idiomas.",
        "payments": "Envía y recibe pagos en USDC con recibo.",
        "weather": "Pronóstico del tiempo para cualquier ciudad.",
        "support": "Atención al cliente 24/7 para tu tienda en línea.",
        "newsletter": "Gestiona tu boletín y las membresías de suscripción de pago.",
        "research": "Investiga un tema en la web y en fuentes académicas y redacta un informe con citas.",
        "data_analyst": "Analiza datos de hojas de cálculo y CSV, encuentra tendencias y dibuja gráficos.",
        "crypto_price": "Precios de criptomonedas en tiempo real, gráficos y alertas.",
        "social_poster": "Escribe y programa publicaciones para redes sociales y responde menciones.",
        "code_review": "Revisa pull requests, señala errores y propone correcciones.",
        "news": "Resumen diario de noticias sobre los temas que sigues.",
    },
    "de": {
        "m_add": "Mitgliederaufnahme für {groups}: prüft den Antrag, trägt das neue Mitglied ein und bestätigt die Aufnahme.",
        "m_remove": "Entfernt Mitglieder aus {groups} und entzieht ihnen ihre Rechte.",
        "m_verify": "Prüft, ob ein Konto oder Agent aktuelles Mitglied ist ({groups}), und liefert den Nachweis.",
        "m_manage": "Mitgliederverwaltung für {groups}: Aufnahme, Austritt und Mitgliedschaftsprüfung.",
        "a_join": "Hilft {groups}, einer Allianz beizutreten: Antrag, Zustimmungen und Eintragung.",
        "a_leave": "Führt den geordneten Austritt deiner Organisation aus einer Allianz durch.",
        "a_verify": "Prüft, ob eine Organisation Mitglied einer Allianz ist.",
        "a_manage": "Allianzverwaltung für {groups}: Beitritt, Austritt und Prüfung der Mitglieder.",
        "d_add": "Erstellt Delegationen: überträgt Stimmrechte oder Berechtigungen an ein anderes Konto oder einen Agenten.",
        "d_revoke": "Widerruft früher erteilte Delegationen und entzieht dem Delegierten seine Rechte.",
        "d_verify": "Prüft, ob eine Delegation besteht und noch gültig ist.",
        "d_manage": "Delegationen verwalten: erteilen, widerrufen und prüfen.",
        "t_name": "Validiert die ENS-Namen, die Agenten angeben, und veröffentlicht eine Attestierung.",
        "t_account": "Validiert, dass ein Smart Account dem Agenten gehört, der ihn angibt.",
        "t_app": "Validiert Identität und Herkunft der App eines Agenten.",
        "t_suite": "Vertrauensvalidierung für Agenten: Namen, Konten und Apps.",
        "t_feedback": "Stellt Feedback-Autorisierungen aus, damit Kunden einen Agenten bewerten können.",
        "steward": "Governance-Verwalter für {groups}: Mitglieder und Delegationen.",
        "t_gateway": "Validiert Agentenkonten und autorisiert das Feedback ihrer Kunden.",
        "x_assoc": "Stellt Assoziations-Attestierungen zwischen Konten und Agenten aus.",
        "x_member": "Stellt Mitgliedschafts-Attestierungen für {groups} aus.",
        "x_deleg": "Stellt Delegations-Attestierungen zwischen Konten aus.",
        "summarizer": "Fasst lange Dokumente und Webseiten in Kernpunkten zusammen.",
        "translator": "Übersetzt Texte zwischen mehr als 50 Sprachen.",
        "payments": "Sendet und empfängt USDC-Zahlungen mit Beleg.",
        "weather": "Wettervorhersage für jede Stadt.",
        "support": "Beantwortet Kundenfragen anhand deiner Dokumentation und leitet Tickets weiter.",
        "research": "Recherchiert ein Thema im Web und in Fachquellen und schreibt einen Bericht mit Quellen.",
        "crypto_price": "Krypto-Kurse in Echtzeit mit Charts und Alarmen.",
        "news": "Täglicher Nachrichtenüberblick zu deinen Themen.",
        "data_analyst": "Analysiert Tabellen und CSV-Dateien, findet Trends und erstellt Diagramme.",
    },
    "fr": {
        "m_add": "Ajout de nouveaux membres pour les {groups} : vérifie la demande, enregistre l'adhésion et confirme l'entrée du membre.",
        "m_remove": "Retire des membres des {groups} et révoque leurs droits.",
        "m_verify": "Vérifie si un compte ou un agent est membre actuel ({groups}) et fournit la preuve.",
        "m_manage": "Gestion des membres pour les {groups} : adhésions, départs et vérifications.",
        "a_join": "Aide les {groups} à rejoindre une alliance : dossier, approbations et inscription.",
        "a_leave": "Organise la sortie de votre organisation d'une alliance.",
        "a_verify": "Vérifie si une organisation fait partie d'une alliance.",
        "a_manage": "Coordination des alliances pour les {groups} : adhésion, sortie et vérification.",
        "d_add": "Crée des délégations : confie un pouvoir de vote ou des droits à un autre compte ou agent.",
        "d_revoke": "Révoque les délégations accordées et retire ses droits au délégué.",
        "d_verify": "Vérifie qu'une délégation existe et qu'elle est toujours valide.",
        "d_manage": "Gestion des délégations : créer, révoquer et vérifier.",
        "t_name": "Valide les noms ENS revendiqués par les agents et publie une attestation.",
        "t_account": "Valide qu'un compte intelligent appartient bien à l'agent qui le revendique.",
        "t_app": "Valide l'identité et la provenance de l'application d'un agent.",
        "t_suite": "Validateur de confiance pour agents : noms, comptes et applications.",
        "t_feedback": "Délivre des autorisations de feedback pour que les clients notent un agent.",
        "steward": "Administrateur de gouvernance pour les {groups} : membres et délégations.",
        "t_gateway": "Valide les comptes d'agents et autorise le feedback de leurs clients.",
        "x_assoc": "Délivre des attestations d'association entre comptes et agents.",
        "x_member": "Délivre des attestations d'adhésion pour les {groups}.",
        "x_deleg": "Délivre des attestations de délégation entre comptes.",
        "summarizer": "Résume les longs documents et les pages web en points clés.",
        "translator": "Traduit des textes dans plus de 50 langues.",
        "weather": "Prévisions météo pour n'importe quelle ville.",
        "payments": "Envoie et reçoit des paiements en USDC avec reçu.",
        "support": "Répond aux questions des clients à partir de votre documentation.",
        "research": "Fait des recherches sur le web et dans les sources académiques et rédige un rapport sourcé.",
        "crypto_price": "Cours des cryptomonnaies en temps réel, graphiques et alertes.",
        "social_poster": "Rédige et programme vos publications sur les réseaux sociaux.",
    },
    "ja": {
        "m_add": "{groups}に新しいメンバーを追加します。申請を確認し、メンバー登録を行い、完了を通知します。",
        "m_remove": "{groups}からメンバーを削除し、権限を取り消します。",
        "m_verify": "アカウントやエージェントが現在のメンバーかどうかを確認し、証明を返します（{groups}）。",
        "m_manage": "{groups}のメンバー管理：追加、削除、メンバーシップ確認。",
        "a_join": "{groups}のアライアンス加盟を支援します。申請と承認を行い、加盟を記録します。",
        "a_leave": "組織のアライアンス脱退を手続きします。",
        "a_verify": "組織がアライアンスに加盟しているかを確認します。",
        "a_manage": "{groups}のアライアンス管理：加盟、脱退、加盟確認。",
        "d_add": "委任を作成します。投票権や権限を別のアカウントやエージェントに委任します。",
        "d_revoke": "以前に行った委任を取り消し、委任先の権限を無効にします。",
        "d_verify": "委任が存在し、まだ有効かどうかを確認します。",
        "d_manage": "委任の作成、取り消し、確認をまとめて行います。",
        "t_name": "エージェントが名乗るENS名を検証し、アテステーションを発行します。",
        "t_account": "スマートアカウントがそのエージェントのものであることを検証します。",
        "t_app": "エージェントのアプリの正当性と出所を検証します。",
        "t_suite": "エージェントの名前・アカウント・アプリを検証するトラストバリデーター。",
        "t_feedback": "クライアントがエージェントを評価できるよう、フィードバック承認を発行します。",
        "steward": "{groups}のガバナンス管理：メンバーと委任。",
        "t_gateway": "エージェントのアカウントを検証し、クライアントのフィードバックを承認します。",
        "x_assoc": "アカウントとエージェントの関連付けアテステーションを発行します。",
        "x_member": "{groups}のメンバーシップ・アテステーションを発行します。",
        "x_deleg": "アカウント間の委任アテステーションを発行します。",
        "summarizer": "長い文書やウェブページを要点にまとめます。",
        "translator": "50以上の言語間で翻訳します。",
        "payments": "USDCでの送金と受け取りを行い、領収書を発行します。",
        "weather": "どの都市の天気予報もお伝えします。",
        "support": "ドキュメントをもとに顧客の質問に答え、必要に応じてチケットを作成します。",
        "crypto_price": "暗号資産のリアルタイム価格、チャート、アラート。",
    },
}

# ----------------------------------------------------------------------------------------------
# Small helpers
# ----------------------------------------------------------------------------------------------


def pick(rng: random.Random, weights: dict[Any, float]) -> Any:
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


def slugify(text: str) -> str:
    out = "".join(ch.lower() if ch.isalnum() else "-" for ch in text)
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-") or "agent"


def hexstr(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def address(rng: random.Random) -> str:
    return "0x" + hexstr(rng, 40)


def cid(rng: random.Random) -> str:
    return "bafybei" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz234567") for _ in range(52))


STOPWORDS = {"and", "the", "for", "with", "trust"}


def article(noun: str) -> str:
    """'a' or 'an' before a noun phrase of our own vocabulary."""
    vowel = noun[:1].lower() in "aeiou" and not noun.lower().startswith(("uni", "use", "eu"))
    return ("an " if vowel else "a ") + noun


def plural(noun: str) -> str:
    if " or " in noun:
        return " or ".join(plural(w) for w in noun.split(" or "))
    if noun.endswith("us"):
        return noun[:-2] + "i"
    return noun + "s"


class Slots(dict):
    def __missing__(self, key: str) -> str:
        return ""


def stable_hash(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# ----------------------------------------------------------------------------------------------
# One agent: what it really is (truth), then how it presents itself (records)
# ----------------------------------------------------------------------------------------------


@dataclass
class Agent:
    purpose: str
    kind: str
    family: str
    actions: list[str]
    domain: str | None
    domains: list[str]
    chain: str | None  # chain key the truth assigns (registration chain, or one named in the text)
    lang: str
    name: str
    description: str
    card_description: str
    declared_reg: list[str] = field(default_factory=list)
    declared_card: list[tuple[str, str, str]] = field(default_factory=list)
    provider: str = ""
    host: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


class Generator:
    def __init__(self, seed: int, count: int) -> None:
        self.rng = random.Random(seed)
        self.count = count
        self.next_agent_id: dict[int, int] = {c[0]: self.rng.randint(1, 40) for c in CHAINS}
        self.used_ids: set[str] = set()
        self.stats: Counter[str] = Counter()
        weights: dict[tuple[str, str], float] = {}
        for p in GOVERNANCE_PURPOSES:
            weights[(p.kind, p.key)] = p.weight
        for key, (w, *_rest) in DISTRACTORS.items():
            weights[("distractor", key)] = w
        for key, w in OVERCLAIM_WEIGHTS.items():
            weights[("overclaim", key)] = w
        generic_total = 100 - sum(weights.values())
        gsum = sum(v[0] for v in GENERIC.values())
        for key, (w, *_rest) in GENERIC.items():
            weights[("generic", key)] = w * generic_total / gsum
        self.purpose_weights = weights
        self.gov_by_key = {p.key: p for p in GOVERNANCE_PURPOSES}
        self.shared_card_urls = [
            f"http://localhost:{port}/" for port in (10000, 10001, 10002, 9999, 8000)
        ] + [
            "http://0.0.0.0:9999/",
            "https://api.agenthub.dev/a2a",
            "https://a2a.hearth.dev/",
            "https://agents.polis-labs.io/a2a/v1",
        ]

    # -- names, providers, hosts --------------------------------------------------------------

    def make_name(self, family: str) -> str:
        rng = self.rng
        fixed, pre, suf = NAME_WORDS[FAMILY_NAMES[family]]
        r = rng.random()
        if r < 0.45:
            name = rng.choice(fixed)
        elif r < 0.9:
            name = rng.choice(pre) + rng.choice(suf)
        else:
            name = slugify(rng.choice(fixed)) + rng.choice(["-agent", "-bot", "", "-v2"])
        if rng.random() < 0.12:
            name += rng.choice(
                [
                    " Agent",
                    " AI",
                    " v2",
                    " (beta)",
                    " Pro",
                    " by " + rng.choice(PROVIDERS).split()[0],
                ]
            )
        return name

    def generic_name(self, names: list[str]) -> str:
        rng = self.rng
        name = rng.choice(names)
        r = rng.random()
        if r < 0.1:
            name = slugify(name) + rng.choice(["-agent", "", "-a2a"])
        elif r < 0.2:
            name += rng.choice([" Agent", " AI", " v2", " Pro", " Lite", " (testnet)"])
        return name

    def make_provider(self) -> str:
        rng = self.rng
        return rng.choice(INDIVIDUALS) if rng.random() < 0.08 else rng.choice(PROVIDERS)

    def make_host(self, name: str, provider: str) -> str:
        rng = self.rng
        slug = slugify(name)[:28].strip("-")
        pslug = slugify(provider.replace(".eth", ""))[:20].strip("-")
        r = rng.random()
        if r < 0.35:
            return f"{slug}.{pslug}{rng.choice(TLDS)}"
        if r < 0.55:
            return f"{slug}{rng.choice(TLDS)}"
        if r < 0.65:
            return f"{slug}.vercel.app"
        if r < 0.72:
            return f"{slug}-{hexstr(rng, 4)}.onrender.com"
        if r < 0.79:
            return f"{slug}.{pslug}.workers.dev"
        if r < 0.84:
            return f"{hexstr(rng, 12)}.ngrok-free.app"
        if r < 0.92:
            return f"{slug}.8004-agent.io"
        return f"agents.{pslug}{rng.choice(TLDS)}"

    # -- text -----------------------------------------------------------------------------------

    def slots(
        self, agent_name: str, domain: str | None, domains: list[str], chain: str | None
    ) -> Slots:
        rng = self.rng
        if domain is not None and len(domains) == 1:
            vocab = DOMAIN_VOCAB[domain]
            groups = vocab["plural"]
            group, member = rng.choice(vocab["group"]), rng.choice(vocab["member"])
            alliance, authority = rng.choice(vocab["alliance"]), rng.choice(vocab["authority"])
        else:
            plurals = [DOMAIN_VOCAB[d]["plural"] for d in domains] or ["groups"]
            groups = (
                plurals[0] if len(plurals) == 1 else ", ".join(plurals[:-1]) + " and " + plurals[-1]
            )
            group, member = rng.choice(GENERAL_VOCAB["group"]), rng.choice(GENERAL_VOCAB["member"])
            alliance, authority = (
                rng.choice(GENERAL_VOCAB["alliance"]),
                rng.choice(GENERAL_VOCAB["authority"]),
            )
        chain_txt = ""
        if chain is not None:
            display = CHAIN_BY_KEY[chain][2]
            chain_txt = rng.choice([f" on {display}", f" on {display}", f" ({display})"])
        return Slots(
            group=group,
            a_group=article(group),
            an_alliance=article(alliance),
            members=plural(member),
            groups=groups,
            member=member,
            alliance=alliance,
            authority=authority,
            chain=chain_txt,
            Name=agent_name,
        )

    def governance_text(
        self, family: str, slots: Slots, lang: str, domains: list[str], general: bool
    ) -> str:
        """The description, written from the purpose. A grouped purpose always names its kind(s)
        of group, so that the domain in the truth is visible to a reader of the text."""
        rng = self.rng
        if lang != "en" and family in LANG_TEMPLATES[lang]:
            template = LANG_TEMPLATES[lang][family]
            groups = lang_groups(lang, domains)
            text = template.format(groups=groups)
            if domains and "{groups}" not in template:
                text += LANG_FOR_GROUPS[lang].format(groups=groups)
            if slots["chain"]:
                chain_name = slots["chain"].strip(" ()").removeprefix("on ")
                text += LANG_CHAIN[lang].format(c=chain_name)
            return text
        template = rng.choice(TEMPLATES[family])
        text = template.format_map(slots)
        text = text[0].upper() + text[1:]
        if domains and "{groups}" not in template and (general or "{group}" not in template):
            text += " " + rng.choice(FOR_GROUPS).format(groups=slots["groups"])
        r = rng.random()
        if r < 0.35:
            text += " " + rng.choice(EXTRAS)
        elif r < 0.45:
            text += " " + " ".join(rng.sample(EXTRAS, 2))
        return text

    # -- the agent ------------------------------------------------------------------------------

    def new_agent(self) -> Agent:
        rng = self.rng
        kind, key = pick(rng, self.purpose_weights)
        lang = pick(rng, LANG_WEIGHTS)
        if kind in ("governance", "attest"):
            return self.governance_agent(self.gov_by_key[key], lang)
        if kind == "overclaim":
            return self.overclaim_agent(key, lang)
        table = DISTRACTORS if kind == "distractor" else GENERIC
        _w, names, descs, skills = table[key]
        name = self.generic_name(names)
        if lang != "en" and key in LANG_TEMPLATES[lang]:
            desc = LANG_TEMPLATES[lang][key]
        else:
            lang = "en"
            desc = rng.choice(descs)
            if rng.random() < 0.2:
                desc += " " + rng.choice(EXTRAS[6:])
        card_desc = desc if rng.random() < 0.6 or lang != "en" else rng.choice(descs)
        n = 1 if rng.random() < 0.68 else rng.randint(2, min(4, len(skills) + 1))
        chosen = rng.sample(skills, min(n, len(skills)))
        if (
            n == 1 and rng.random() < 0.7
        ):  # the usual single skill that repeats the card's description
            chosen = [(chosen[0][0], rng.choice([chosen[0][1], name]), card_desc)]
        if n > len(chosen) or rng.random() < 0.05:  # a skill borrowed from another purpose
            other = GENERIC[rng.choice(sorted(GENERIC))][3]
            chosen.append(rng.choice(other))
        chosen = list(dict.fromkeys(chosen))[:6]
        reg = [s[0] for s in chosen]
        if rng.random() < 0.06:
            reg.append(rng.choice(OASF_GENERIC))
        return Agent(
            key, kind, key, [], None, [], None, lang, name, desc, card_desc, reg[:6], chosen
        )

    def governance_agent(self, p: Purpose, lang: str) -> Agent:
        rng = self.rng
        domain: str | None = None
        domains: list[str] = []
        if p.grouped:
            if rng.random() < 0.7:
                domain = rng.choice(DOMAINS)
                domains = [domain]
            else:
                domains = sorted(rng.sample(DOMAINS, rng.randint(2, 4)), key=DOMAINS.index)
                domain = "general"
        name = self.make_name(p.family)
        slots = self.slots(name, domain if domain != "general" else None, domains, None)
        # the chain is decided with the record shape; the text names it later if at all
        desc = self.governance_text(p.family, slots, lang, domains, domain == "general")
        card_desc = (
            desc
            if rng.random() < 0.5
            else self.governance_text(p.family, slots, lang, domains, domain == "general")
        )
        actions = list(p.actions)
        agent = Agent(
            p.key, p.kind, p.family, actions, domain, domains, None, lang, name, desc, card_desc
        )
        agent.extra["slots"] = slots
        # declared skills
        if p.kind == "attest":
            skills = rng.sample(
                ATTEST_SKILLS[p.family], rng.randint(1, len(ATTEST_SKILLS[p.family]))
            )
            agent.declared_reg = [s[0] for s in skills]
            agent.declared_card = list(skills)
            return agent
        gov_ids = list(actions)
        if (
            p.also_declares and rng.random() < 0.10
        ):  # declares a sibling skill it does not really do
            gov_ids.append(rng.choice(p.also_declares))
            agent.extra["overdeclared"] = True
        agent.extra["gov_ids"] = gov_ids
        noise: list[str] = []
        r = rng.random()
        if r < 0.25:
            noise.append(rng.choice(OASF_NOISE))
        elif r < 0.35:
            noise.append(rng.choice(PROTOCOL_NOISE))
        if rng.random() < 0.12:
            g = GENERIC[
                rng.choice(["summarizer", "payments", "support", "research", "onchain_analytics"])
            ][3]
            noise.append(rng.choice(g)[0])
        agent.extra["noise"] = noise[: max(0, 6 - len(gov_ids))]
        return agent

    def overclaim_agent(self, key: str, lang: str) -> Agent:
        rng = self.rng
        if key == "deprecated":
            p = rng.choice([g for g in GOVERNANCE_PURPOSES if g.kind == "governance"])
            agent = self.governance_agent(p, "en")
            other = self.make_name(p.family)
            agent.description = (
                rng.choice(DEPRECATED_PREFIXES).format(other=other) + agent.description
            )
            agent.card_description = agent.description
            agent.purpose, agent.kind, agent.actions = "deprecated", "overclaim", []
            agent.extra["inactive"] = True
            agent.extra["deprecated_from"] = p.key
            return agent
        if key == "kitchen_sink":
            name, desc = rng.choice(KITCHEN_NAMES), rng.choice(KITCHEN_DESCS)
            generic = [
                rng.choice(GENERIC[k][3]) for k in rng.sample(sorted(GENERIC), rng.randint(2, 3))
            ]
            gov = rng.sample(ALL_GOV, rng.randint(1, 3))
        else:
            name, desc = rng.choice(TEMPLATE_NAMES), rng.choice(TEMPLATE_DESCS)
            generic = [("echo", "Echo", "Echo the message back.")] if rng.random() < 0.4 else []
            gov = rng.sample([ADD, TNAME, TFEEDBACK, VERIFY, TACCOUNT], rng.randint(1, 3))
        card = [
            (g, rng.choice(SKILL_META[g][0]), rng.choice(SKILL_META[g][1])) for g in gov
        ] + generic
        agent = Agent(key, "overclaim", key, [], None, [], None, "en", name, desc, desc)
        agent.declared_reg = [s[0] for s in card][:6]
        agent.declared_card = card[:6]
        return agent

    # -- skills as declared in a given shape -----------------------------------------------------

    def governance_declarations(self, agent: Agent, shape: str) -> None:
        """Fill declared_reg / declared_card for governance agents, per record shape."""
        rng = self.rng
        gov_ids: list[str] = agent.extra.get("gov_ids", [])
        if not gov_ids:
            return
        wild = rng.random() < (0.22 if shape == "card" else 0.05)
        agent.extra["wild_ids"] = wild
        ids = [rng.choice(WILD_IDS[g]) if wild else g for g in gov_ids]
        ids = list(dict.fromkeys(ids))
        noise = [n for n in agent.extra.get("noise", []) if n not in ids]
        agent.declared_reg = (ids + noise)[:6]
        card: list[tuple[str, str, str]] = []
        single = shape != "registration" and len(gov_ids) == 1 and rng.random() < 0.7
        for gid, sid in zip(gov_ids, ids, strict=False):
            names, descs = SKILL_META[gid]
            sname = sid if rng.random() < 0.15 else rng.choice(names)
            sdesc = agent.card_description if single else rng.choice(descs)
            card.append((sid, sname, sdesc))
        if not single:
            for n in noise:
                card.append(
                    (
                        n,
                        n.split("/")[-1].split(".")[-1].replace("_", " "),
                        "Handles " + n.replace("_", " ") + " requests.",
                    )
                )
        agent.declared_card = card[:6]

    # -- record builders -------------------------------------------------------------------------

    def new_onchain_id(self, chain_id: int) -> int:
        aid = self.next_agent_id[chain_id]
        self.next_agent_id[chain_id] += self.rng.choice([1, 1, 1, 2, 3, 5, 8])
        return aid

    def card_url_parts(self, host: str) -> str:
        return (
            "https://"
            + host
            + self.rng.choice(["/a2a", "/api/a2a", "/", "/a2a/v1", "/rpc", "/jsonrpc"])
        )

    def placeholder_url(self) -> str:
        return self.rng.choice(
            [
                "/a2a",
                "/",
                "./a2a",
                "https://your-agent-domain.com/a2a",
                "<AGENT_URL>",
                "http://YOUR_HOST:PORT/",
                "https://example.com/agent",
                "http://localhost:PORT/",
                "${AGENT_BASE_URL}/a2a",
            ]
        )

    def make_card(self, agent: Agent, url: str) -> dict[str, Any]:
        rng = self.rng
        st = self.stats
        card: dict[str, Any] = {}
        pv = pick(rng, {None: 30, "0.1.0": 2, "0.2.5": 17, "0.2.6": 3, "0.3.0": 28, "1.0": 20})
        variant = None
        if pv == "1.0":
            variant = pick(rng, {"strict": 40, "atp": 30, "transitional": 30})
            st[f"card.pv.1.0.{variant}"] += 1
        st[f"card.pv.{pv}"] += 1
        if pv is not None and variant != "strict":
            card["protocolVersion"] = pv
        card["name"] = (
            agent.name if rng.random() < 0.85 else agent.name + rng.choice([" Agent", " (A2A)", ""])
        )
        card["description"] = agent.card_description
        iface = [{"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]
        if rng.random() < 0.3:
            iface.append(
                {
                    "url": url.rstrip("/") + "/rest",
                    "protocolBinding": "HTTP+JSON",
                    "protocolVersion": "1.0",
                }
            )
        if pv == "1.0" and variant in ("strict", "atp"):
            if variant == "atp":
                iface = [{"url": i["url"], "protocolBinding": i["protocolBinding"]} for i in iface]
            card["supportedInterfaces"] = iface
            st["card.no_url_interfaces_only"] += 1
        else:
            card["url"] = url
            if pv == "1.0":
                card["supportedInterfaces"] = iface
            elif pv == "0.3.0":
                card["preferredTransport"] = "JSONRPC"
                if rng.random() < 0.2:
                    card["additionalInterfaces"] = [
                        {"url": url, "transport": "JSONRPC"},
                        {"url": url.rstrip("/") + "/rest", "transport": "HTTP+JSON"},
                    ]
        r = rng.random()
        if r < 0.8:
            card["provider"] = {
                "organization": agent.provider,
                "url": "https://" + slugify(agent.provider.replace(".eth", "")) + rng.choice(TLDS),
            }
        elif r < 0.84:
            card["provider"] = agent.provider
            st["card.provider_string"] += 1
        card["version"] = rng.choice(
            ["1.0.0", "0.1.0", "0.2.3", "1.2.0", "2.0.1", "0.0.1", "1.0", "3.4.2"]
        )
        if rng.random() < 0.25:
            card["iconUrl"] = f"https://{agent.host}/icon.png"
        if rng.random() < 0.15:
            card["documentationUrl"] = f"https://{agent.host}/docs"
        r = rng.random()
        if r < 0.78:
            caps: dict[str, Any] = {
                "streaming": rng.random() < 0.6,
                "pushNotifications": rng.random() < 0.3,
            }
            if rng.random() < 0.3:
                caps["stateTransitionHistory"] = rng.random() < 0.5
            if rng.random() < 0.08:
                caps["extensions"] = [
                    {
                        "uri": "https://eips.ethereum.org/EIPS/eip-8004",
                        "description": "ERC-8004 trust metadata",
                        "required": False,
                    }
                ]
            card["capabilities"] = caps
        elif r < 0.87:
            card["capabilities"] = rng.choice(
                [["streaming"], ["streaming", "pushNotifications"], ["text", "tools"], []]
            )
            st["card.capabilities_list"] += 1
        elif r < 0.95:
            card["capabilities"] = {}
        else:
            st["card.capabilities_missing"] += 1
        r = rng.random()
        if r < 0.5:
            card["defaultInputModes"] = rng.choice(
                [
                    ["text/plain"],
                    ["text/plain", "application/json"],
                    ["application/json"],
                    ["text/plain", "image/png"],
                ]
            )
            card["defaultOutputModes"] = rng.choice(
                [["text/plain"], ["text/plain", "application/json"], ["application/json"]]
            )
            st["card.modes_mime"] += 1
        elif r < 0.8:
            card["defaultInputModes"] = rng.choice(
                [["text"], ["text", "data"], ["text", "file"], ["text", "image"]]
            )
            card["defaultOutputModes"] = rng.choice([["text"], ["text", "data"]])
            st["card.modes_bare"] += 1
        elif r < 0.9:
            card["defaultInputModes"] = ["text"]
            st["card.modes_partial"] += 1
        else:
            st["card.modes_missing"] += 1
        skills = []
        for sid, sname, sdesc in agent.declared_card:
            skill: dict[str, Any] = {"id": sid, "name": sname, "description": sdesc}
            r = rng.random()
            label = sname.split("/")[-1].split(".")[-1]
            domain_tag = agent.domain if agent.domain not in (None, "general") else ""
            words = [
                w
                for w in slugify(label + " " + domain_tag).split("-")
                if len(w) > 2 and w not in STOPWORDS
            ][:4]
            if r < 0.68:
                skill["tags"] = words or ["agent"]
                st["skill.tags_list"] += 1
            elif r < 0.76:
                skill["tags"] = ", ".join(words or ["agent"])
                st["skill.tags_string"] += 1
            else:
                st["skill.tags_missing"] += 1
            if rng.random() < 0.38:
                skill["examples"] = self.examples(agent, sid)
                st["skill.examples"] += 1
            else:
                st["skill.no_examples"] += 1
            if rng.random() < 0.2:
                skill["inputModes"] = rng.choice([["text/plain"], ["text"], ["application/json"]])
                skill["outputModes"] = rng.choice([["text/plain"], ["application/json"], ["text"]])
            skills.append(skill)
        card["skills"] = skills
        st[f"card.skills.{len(skills)}"] += 1
        if rng.random() < 0.3:
            for extra in rng.sample(
                [
                    "pricing",
                    "tags",
                    "authentication",
                    "x402",
                    "contact",
                    "license",
                    "chain",
                    "categories",
                ],
                rng.randint(1, 2),
            ):
                card[extra] = self.extra_field(extra, agent)
                st[f"card.extra.{extra}"] += 1
            st["card.extra_fields"] += 1
        if rng.random() < 0.1 and pv in ("0.2.5", "0.2.6", "0.3.0"):
            card["supportsAuthenticatedExtendedCard"] = False
        if rng.random() < 0.1:
            card["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer"}}
            card["security"] = [{"bearer": []}]
        return card

    def examples(self, agent: Agent, sid: str) -> list[str]:
        rng = self.rng
        gov = next((g for g in ALL_GOV if sid == g or sid in WILD_IDS[g]), None)
        addr = address(rng)[:10] + "…"
        if gov is None:
            return [f"Can you help me with {agent.name}?", "What can you do?"][: rng.randint(1, 2)]
        verb = {
            ADD: f"Add {addr} as a member",
            REMOVE: f"Remove {addr} from the group",
            VERIFY: f"Is {addr} a member?",
            JOIN: "Join the alliance on behalf of our DAO",
            LEAVE: "Leave the alliance",
            AVERIFY: "Is this DAO in the alliance?",
            DADD: f"Delegate my voting power to {addr}",
            DREVOKE: "Revoke my delegation",
            DVERIFY: f"Does {addr} hold a valid delegation?",
            TNAME: "Validate name alice.eth",
            TACCOUNT: f"Validate account {addr}",
            TAPP: "Validate app https://app.example.org",
            TFEEDBACK: "Request feedback authorization for agent 42",
        }[gov]
        out = [verb]
        if rng.random() < 0.3:
            out.append(json.dumps({"skillId": sid, "payload": {"account": address(rng)}}))
        return out

    def extra_field(self, name: str, agent: Agent) -> Any:
        rng = self.rng
        if name == "pricing":
            return {
                "model": rng.choice(["per-request", "subscription", "free"]),
                "amount": rng.choice(["0.01", "0.05", "0", "1.00"]),
                "currency": "USDC",
            }
        if name == "tags":
            return [w for w in slugify(agent.purpose).split("-")] + (
                ["dao"] if agent.domain == "dao" else []
            )
        if name == "authentication":
            return {"schemes": [rng.choice(["bearer", "none", "siwe", "apiKey"])]}
        if name == "x402":
            return {
                "enabled": True,
                "network": rng.choice(["base", "base-sepolia"]),
                "payTo": address(rng),
            }
        if name == "contact":
            return rng.choice(
                [
                    "team@" + slugify(agent.provider) + ".xyz",
                    "https://warpcast.com/" + slugify(agent.provider),
                ]
            )
        if name == "license":
            return rng.choice(["MIT", "Apache-2.0", "proprietary"])
        if name == "chain":
            return rng.choice(["base", "ethereum", "multi-chain"])
        return rng.sample(["governance", "trust", "productivity", "defi", "social", "ai"], 2)

    def registration(
        self,
        agent: Agent,
        chain_id: int,
        agent_id: int,
        a2a_endpoint: str,
        a2a_skills: list[str] | None,
    ) -> dict[str, Any]:
        rng = self.rng
        st = self.stats
        rec: dict[str, Any] = {}
        if rng.random() < 0.8:
            rec["type"] = "https://eips.ethereum.org/EIPS/eip-8004#registration-v1"
        rec["chainId"] = chain_id
        if rng.random() < 0.2:
            rec["agentId"] = str(agent_id)
            st["reg.agentId_string"] += 1
        else:
            rec["agentId"] = agent_id
        rec["name"] = agent.name
        rec["description"] = agent.description
        r = rng.random()
        if r < 0.45:
            rec["image"] = "ipfs://" + cid(rng)
        elif r < 0.7:
            rec["image"] = f"https://{agent.host}/logo.png"
        elif r < 0.74:
            rec["image"] = ""
        endpoints: list[dict[str, Any]] = []
        a2a: dict[str, Any] = {
            "name": "A2A" if rng.random() < 0.96 else "a2a",
            "endpoint": a2a_endpoint,
        }
        if rng.random() < 0.7:
            a2a["version"] = pick(rng, {"0.3.0": 60, "0.2.5": 15, "1.0": 20, "0.2.6": 5})
        if a2a_skills is not None:
            a2a["a2aSkills"] = a2a_skills
        endpoints.append(a2a)
        if rng.random() < 0.25:
            endpoints.append(
                {"name": "MCP", "endpoint": f"https://{agent.host}/mcp", "version": "2025-06-18"}
            )
        if rng.random() < 0.35:
            endpoints.append(
                {
                    "name": "ENS",
                    "endpoint": slugify(agent.name)[:20]
                    + rng.choice([".eth", ".base.eth", ".8004-agent.eth"]),
                    "version": "v1",
                }
            )
        if rng.random() < 0.4:
            endpoints.append(
                {"name": "agentWallet", "endpoint": f"eip155:{chain_id}:{address(rng)}"}
            )
        if rng.random() < 0.2:
            pool = (
                OASF_NOISE if agent.kind in ("governance", "attest", "overclaim") else OASF_GENERIC
            )
            oasf = rng.sample(pool, rng.randint(1, 3))
            endpoints.append(
                {
                    "name": "OASF",
                    "endpoint": "https://github.com/agntcy/oasf/",
                    "version": "v0.8.0",
                    "skills": oasf,
                    "domains": rng.sample(
                        [
                            "governance-and-trust",
                            "security",
                            "collaboration",
                            "finance",
                            "technology",
                        ],
                        2,
                    ),
                }
            )
        if rng.random() < 0.15:
            endpoints.append({"name": "web", "endpoint": f"https://{agent.host}/"})
        if rng.random() < 0.05:
            endpoints.append({"name": "DID", "endpoint": f"did:web:{agent.host}", "version": "v1"})
        if len(endpoints) > 1 and rng.random() < 0.3:
            rng.shuffle(endpoints)
        if rng.random() < 0.05:
            rec["services"] = endpoints
            st["reg.services_key"] += 1
        else:
            rec["endpoints"] = endpoints
        if rng.random() < 0.7:
            registry = IDENTITY_REGISTRY["test" if chain_id in TESTNETS else "main"]
            rec["registrations"] = [
                {"agentId": agent_id, "agentRegistry": f"eip155:{chain_id}:{registry}"}
            ]
        if rng.random() < 0.6:
            rec["supportedTrust"] = rng.sample(
                ["reputation", "crypto-economic", "tee-attestation"], rng.randint(1, 2)
            )
        if agent.extra.get("inactive"):
            rec["active"] = False
        elif rng.random() < 0.85:
            rec["active"] = rng.random() < 0.97
        if rng.random() < 0.4:
            rec["x402Support"] = rng.random() < 0.3
        if rng.random() < 0.3:
            rec["updatedAt"] = 1735689600 + rng.randint(0, 30_000_000)
        return rec

    # -- one record (or two: multi-chain duplicates) --------------------------------------------

    def build(self) -> list[dict[str, Any]]:
        rng = self.rng
        st = self.stats
        agent = self.new_agent()
        agent.provider = self.make_provider()
        agent.host = self.make_host(agent.name, agent.provider)
        shape = pick(rng, {"registration": 40, "card": 30, "registration+card": 30})
        if agent.purpose == "deprecated":
            shape = rng.choice(["registration", "registration+card"])
        if agent.extra.get("gov_ids"):  # governance agents, and deprecated ones
            self.governance_declarations(agent, shape)
        chain_id = pick(rng, {c[0]: c[3] for c in CHAINS})
        chain_key = CHAIN_BY_ID[chain_id][1]
        # the text names the chain sometimes: registrations name their own chain, cards any chain
        if "slots" in agent.extra and rng.random() < 0.35:
            named = chain_key if shape != "card" else pick(rng, {c[1]: c[3] for c in CHAINS})
            slots = agent.extra["slots"]
            slots["chain"] = self.slots(agent.name, None, [], named)["chain"]
            agent.description = self.governance_text(
                agent.family, slots, agent.lang, agent.domains, agent.domain == "general"
            )
            if agent.purpose == "deprecated":
                agent.description = (
                    rng.choice(DEPRECATED_PREFIXES).format(other=self.make_name(agent.family))
                    + agent.description
                )
            if rng.random() < 0.6 or agent.lang != "en":
                agent.card_description = agent.description
            if shape == "card":
                agent.chain = named
        if shape != "card":
            agent.chain = chain_key
        records = []
        if shape == "card":
            records.append(self.card_only(agent))
        else:
            records.append(self.onchain(agent, shape, chain_id))
            if (
                agent.kind == "governance" and rng.random() < 0.05
            ):  # the same agent on a second chain
                twin = rng.choice([c for c in CHAINS if c[0] != chain_id])
                dup = json.loads(json.dumps(records[0]))
                new_id = self.new_onchain_id(twin[0])
                dup["chainId"], dup["agentId"] = twin[0], new_id
                if "registrations" in dup:
                    registry = IDENTITY_REGISTRY["test" if twin[0] in TESTNETS else "main"]
                    dup["registrations"] = [
                        {"agentId": new_id, "agentRegistry": f"eip155:{twin[0]}:{registry}"}
                    ]
                for ep in dup.get("endpoints", dup.get("services", [])):
                    if ep.get("name") == "agentWallet":
                        ep["endpoint"] = f"eip155:{twin[0]}:" + ep["endpoint"].split(":")[-1]
                dup["_truth"]["agent_id"] = f"agent:{twin[0]}:{new_id}"
                dup["_truth"]["chain"] = twin[1]
                records.append(dup)
                st["multi_chain_twins"] += 1
        return records

    def card_only(self, agent: Agent) -> dict[str, Any]:
        rng = self.rng
        st = self.stats
        r = rng.random()
        if r < 0.08:
            url = rng.choice(self.shared_card_urls)
            st["card_only.shared_url"] += 1
        elif r < 0.11:
            url = self.placeholder_url()
            st["card_only.placeholder_url"] += 1
        else:
            url = self.card_url_parts(agent.host)
        if not agent.declared_card:
            self.governance_declarations(agent, "card")
        card = self.make_card(agent, url)
        card_url = card.get("url") or card["supportedInterfaces"][0]["url"]
        agent_id = f"{card_url}#{card['name']}"
        while agent_id in self.used_ids:  # same URL and name: really the same card; rename
            card["name"] = card["name"] + " " + rng.choice(["II", "2", "(fork)", "Copy"])
            agent_id = f"{card_url}#{card['name']}"
        self.used_ids.add(agent_id)
        card["_truth"] = self.truth(agent, agent_id, "card", [s["id"] for s in card["skills"]])
        return card

    def onchain(self, agent: Agent, shape: str, chain_id: int) -> dict[str, Any]:
        rng = self.rng
        st = self.stats
        agent_id_num = self.new_onchain_id(chain_id)
        reg_skills: list[str] | None = list(agent.declared_reg)
        card: dict[str, Any] | None = None
        if shape == "registration":
            r = rng.random()
            if r < 0.1:
                endpoint = f"https://{agent.host}/.well-known/agent-card.json"  # card unreachable
                st["reg.card_url_unreachable"] += 1
            elif r < 0.11:
                endpoint = rng.choice(
                    [
                        "https://example.com/.well-known/agent-card.json",
                        "TODO",
                        "https://your-agent-domain.com/a2a",
                    ]
                )
                st["reg.placeholder_endpoint"] += 1
            else:
                endpoint = self.card_url_parts(agent.host)
        else:
            well_known = "agent-card.json" if rng.random() < 0.85 else "agent.json"
            st[f"reg.card_at.{well_known}"] += 1
            endpoint = f"https://{agent.host}/.well-known/{well_known}"
            url = self.card_url_parts(agent.host) if rng.random() < 0.96 else self.placeholder_url()
            card_skills_override = None
            if (
                rng.random() < (0.08 if agent.kind == "governance" else 0.03)
                and agent.declared_card
            ):
                card_skills_override = self.disagree(agent)
                stale = agent.extra.get("stale_extra")
                if stale and reg_skills is not None:
                    reg_skills = [*reg_skills[:5], stale]
                st["reg+card.skills_disagree"] += 1
                st[f"reg+card.skills_disagree.{agent.extra['disagree']}"] += 1
            if card_skills_override is not None:
                saved = agent.declared_card
                agent.declared_card = card_skills_override
                card = self.make_card(agent, url)
                agent.declared_card = saved
            else:
                card = self.make_card(agent, url)
            if agent.kind in ("generic", "distractor") and rng.random() < 0.25:
                reg_skills = None  # the skills are only in the card
                st["reg+card.no_a2aSkills"] += 1
        rec = self.registration(agent, chain_id, agent_id_num, endpoint, reg_skills)
        if card is not None:
            rec["_card"] = card
        agent_id = f"agent:{chain_id}:{agent_id_num}"
        self.used_ids.add(agent_id)
        declared = list(reg_skills or []) + ([s["id"] for s in card["skills"]] if card else [])
        rec["_truth"] = self.truth(agent, agent_id, shape, declared)
        return rec

    def disagree(self, agent: Agent) -> list[tuple[str, str, str]]:
        """The card's skills disagree with the registration's a2aSkills (a few percent)."""
        rng = self.rng
        card = list(agent.declared_card)
        if agent.kind != "governance":
            how = rng.choice(["card_renamed", "card_generic"])
            agent.extra["disagree"] = how
            if how == "card_renamed":
                return [(slugify(s).replace("-", "_") + "_v2", n, d) for s, n, d in card]
            return [("chat", "Chat", "Talk to " + agent.name + ".")]
        how = rng.choice(["stale_registration", "card_newer", "card_wild_ids", "card_generic"])
        agent.extra["disagree"] = how
        if how == "stale_registration":
            # the registration still lists a skill the agent dropped (and its card no longer has)
            family = (agent.actions or [ADD])[0].rsplit("/", 1)[0]
            siblings = [g for g in ALL_GOV if g.startswith(family) and g not in agent.actions]
            siblings = [g for g in siblings if g not in agent.declared_reg] or [TFEEDBACK]
            if TFEEDBACK in agent.actions and siblings == [TFEEDBACK]:
                siblings = [TNAME]
            agent.extra["stale_extra"] = rng.choice(siblings)
        elif how == "card_newer":
            new = rng.choice(
                [
                    g
                    for g in ALL_GOV
                    if g not in agent.actions and g[:30] == (agent.actions or [ADD])[0][:30]
                ]
                or [TFEEDBACK]
            )
            card.append((new, rng.choice(SKILL_META[new][0]), rng.choice(SKILL_META[new][1])))
            agent.actions.append(new)
            if agent.family in TEMPLATES:
                agent.card_description += (
                    " New: " + SKILL_META[new][1][0][0].lower() + SKILL_META[new][1][0][1:]
                )
        elif how == "card_wild_ids":
            card = [(rng.choice(WILD_IDS[s]) if s in WILD_IDS else s, n, d) for s, n, d in card]
        else:
            card = [("chat", "Chat", "Talk to " + agent.name + ".")]
        return card

    def truth(self, agent: Agent, agent_id: str, shape: str, declared: list[str]) -> dict[str, Any]:
        indexed = sorted({s for s in declared if isinstance(s, str) and s.startswith(GOV)})
        return {
            "agent_id": agent_id,
            "shape": shape,
            "purpose": agent.purpose,
            "governance_actions": sorted(set(agent.actions), key=ALL_GOV.index),
            "domain": agent.domain,
            "domains": agent.domains,
            "chain": agent.chain,
            "lang": agent.lang,
            "indexed_skills": indexed,
        }

    def run(self) -> list[dict[str, Any]]:
        records: list[dict[str, Any]] = []
        while len(records) < self.count:
            records.extend(self.build())
        records = records[: self.count]
        self.rng.shuffle(records)
        return records


# ----------------------------------------------------------------------------------------------
# Requests and judgments
# ----------------------------------------------------------------------------------------------

SKILL_LESS_PURPOSES = {
    "trust.association": ["association_attester"],
    "trust.membership": ["membership_attester"],
    "trust.delegation": ["delegation_attester"],
}
# closely related work (grade 1): (actions, purposes)
RELATED: dict[str, tuple[list[str], list[str]]] = {
    "governance.membership.add": ([], ["membership_attester"]),
    "governance.membership.remove": ([], []),
    "governance.membership.verify": ([AVERIFY], ["membership_attester"]),
    "governance.alliance.join": ([], []),
    "governance.alliance.leave": ([], []),
    "governance.alliance.verify": ([VERIFY], []),
    "governance.delegation.add": ([], ["delegation_attester"]),
    "governance.delegation.revoke": ([], []),
    "governance.delegation.verify": ([], ["delegation_attester"]),
    "trust.name_validation": ([], []),
    "trust.account_validation": ([], ["association_attester"]),
    "trust.app_validation": ([], []),
    "trust.feedback": ([], []),
    "trust.association": ([], ["membership_attester", "delegation_attester"]),
    "trust.membership": ([VERIFY], ["association_attester"]),
    "trust.delegation": ([DVERIFY], ["association_attester"]),
}

# (intent, kind, text, domain, chain, options). kind: intent_only | intent_with_query | text_only |
# required_skills_override | skill_less_intent | unknown_intent. Options: skills (requiredSkills
# sent), mode ("any": grade 2 for agents doing any of the skills; "all": 2 for all, 1 for some),
# send_type (the intentType sent when it differs from the judged intent), no_intent.
RequestSpec = tuple[str, str, str, str | None, str | None, dict[str, Any]]
# fmt: off
REQUESTS: list[RequestSpec] = [
    ("governance.membership.add", "intent_only", "", None, None, {}),
    ("governance.membership.add", "intent_only", "", None, None, {"json": True}),
    ("governance.membership.add", "intent_with_query", "add a member to our DAO on Base", "dao", "base", {}),
    ("governance.membership.add", "intent_with_query", "onboard 0x4b2f…9e1c as a new contributor in the builders guild", "guild", None, {}),
    ("governance.membership.add", "intent_with_query", "add the new raid officer to our clan roster", "gaming clan", None, {}),
    ("governance.membership.add", "intent_with_query", "give the new hire's assistant agent membership in our company org", "enterprise", None, {}),
    ("governance.membership.add", "intent_with_query", "add Dr. Mensah's lab wallet as a member of the research consortium, we're on Sepolia", "research consortium", "sepolia", {}),
    ("governance.membership.add", "intent_with_query", "new member for the co-op's member registry", "cooperative", None, {}),
    ("governance.membership.add", "intent_with_query", "need to add someone to our group", None, None, {}),
    ("governance.membership.add", "text_only", "Which agent can add a wallet as a member of our DAO?", "dao", None, {}),
    ("governance.membership.add", "text_only", "looking for a bot that enrolls new players into our gaming clan on Polygon", "gaming clan", "polygon", {}),
    ("governance.membership.remove", "intent_only", "", None, None, {}),
    ("governance.membership.remove", "intent_only", "", None, None, {"json": True}),
    ("governance.membership.remove", "intent_with_query", "remove a member who left the DAO", "dao", None, {}),
    ("governance.membership.remove", "intent_with_query", "kick an inactive player from our clan", "gaming clan", None, {}),
    ("governance.membership.remove", "intent_with_query", "offboard a departing employee's agent from the organization", "enterprise", None, {}),
    ("governance.membership.remove", "intent_with_query", "revoke the guild membership of 0x91…ab, we're on Base", "guild", "base", {}),
    ("governance.membership.remove", "intent_with_query", "remove a lapsed member from the association's roll", "nonprofit", None, {}),
    ("governance.membership.remove", "intent_with_query", "remove a member on Ethereum mainnet", None, "ethereum", {}),
    ("governance.membership.remove", "text_only", "I need to take someone off our cooperative's membership list", "cooperative", None, {}),
    ("governance.membership.remove", "text_only", "bot to expel a spammer from our DAO on Optimism", "dao", "optimism", {}),
    ("governance.membership.verify", "intent_only", "", None, None, {}),
    ("governance.membership.verify", "intent_only", "", None, None, {"json": True}),
    ("governance.membership.verify", "intent_with_query", "check whether this wallet is a member of the DAO", "dao", None, {}),
    ("governance.membership.verify", "intent_with_query", "verify that 0x3c…77 belongs to our guild before granting channel access", "guild", None, {}),
    ("governance.membership.verify", "intent_with_query", "confirm an employee is still part of the organization", "enterprise", None, {}),
    ("governance.membership.verify", "intent_with_query", "is this player in our clan? verify on Polygon", "gaming clan", "polygon", {}),
    ("governance.membership.verify", "intent_with_query", "verify membership in the research consortium for data access", "research consortium", None, {}),
    ("governance.membership.verify", "intent_with_query", "verify membership on Base Sepolia", None, "base-sepolia", {}),
    ("governance.membership.verify", "text_only", "token gate: check the user is a current member of our co-op", "cooperative", None, {}),
    ("governance.membership.verify", "text_only", "membership check for an account", None, None, {}),
    ("governance.alliance.join", "intent_only", "", None, None, {}),
    ("governance.alliance.join", "intent_only", "", None, None, {"json": True}),
    ("governance.alliance.join", "intent_with_query", "join the alliance of DeFi DAOs on Base", "dao", "base", {}),
    ("governance.alliance.join", "intent_with_query", "have our clan join the Northern clan alliance", "gaming clan", None, {}),
    ("governance.alliance.join", "intent_with_query", "have our institute join the European research alliance", "research consortium", None, {}),
    ("governance.alliance.join", "intent_with_query", "join an industry alliance as a company", "enterprise", None, {}),
    ("governance.alliance.join", "intent_with_query", "sign our guild up to the guild federation", "guild", None, {}),
    ("governance.alliance.join", "intent_with_query", "join a federation of co-ops", "cooperative", None, {}),
    ("governance.alliance.join", "text_only", "our DAO wants to become part of a larger alliance, who can handle the joining?", "dao", None, {}),
    ("governance.alliance.join", "text_only", "agent that files an alliance join request on Arbitrum", None, "arbitrum", {}),
    ("governance.alliance.leave", "intent_only", "", None, None, {}),
    ("governance.alliance.leave", "intent_only", "", None, None, {"json": True}),
    ("governance.alliance.leave", "intent_with_query", "leave the alliance our DAO joined last year", "dao", None, {}),
    ("governance.alliance.leave", "intent_with_query", "pull our clan out of the alliance", "gaming clan", None, {}),
    ("governance.alliance.leave", "intent_with_query", "withdraw our company from the partner alliance", "enterprise", None, {}),
    ("governance.alliance.leave", "intent_with_query", "exit the guild federation on Ethereum", "guild", "ethereum", {}),
    ("governance.alliance.leave", "intent_with_query", "leave the research alliance", "research consortium", None, {}),
    ("governance.alliance.leave", "text_only", "how do we get our co-op out of the federation it is in", "cooperative", None, {}),
    ("governance.alliance.leave", "text_only", "agent to exit an alliance on Base", None, "base", {}),
    ("governance.alliance.verify", "intent_only", "", None, None, {}),
    ("governance.alliance.verify", "intent_only", "", None, None, {"json": True}),
    ("governance.alliance.verify", "intent_with_query", "verify that this DAO is part of the alliance", "dao", None, {}),
    ("governance.alliance.verify", "intent_with_query", "check whether the Iron Wolves clan is in our alliance", "gaming clan", None, {}),
    ("governance.alliance.verify", "intent_with_query", "confirm a supplier company is an alliance member", "enterprise", None, {}),
    ("governance.alliance.verify", "intent_with_query", "verify alliance membership on Base", None, "base", {}),
    ("governance.alliance.verify", "intent_with_query", "is the partner lab's consortium part of the research alliance?", "research consortium", None, {}),
    ("governance.alliance.verify", "text_only", "prove that our guild belongs to the federation", "guild", None, {}),
    ("governance.alliance.verify", "text_only", "alliance membership check for an organization on Sepolia", None, "sepolia", {}),
    ("governance.delegation.add", "intent_only", "", None, None, {}),
    ("governance.delegation.add", "intent_only", "", None, None, {"json": True}),
    ("governance.delegation.add", "intent_with_query", "delegate my voting power to a delegate in the DAO", "dao", None, {}),
    ("governance.delegation.add", "intent_with_query", "grant the treasury bot permission to act for our DAO's multisig", "dao", None, {}),
    ("governance.delegation.add", "intent_with_query", "give my assistant signing authority for expense approvals", "enterprise", None, {}),
    ("governance.delegation.add", "intent_with_query", "set up a delegation to the guild's ops agent on Base", "guild", "base", {}),
    ("governance.delegation.add", "intent_with_query", "delegate officer rights to my co-leader in the clan", "gaming clan", None, {}),
    ("governance.delegation.add", "intent_with_query", "create a delegation on Optimism", None, "optimism", {}),
    ("governance.delegation.add", "text_only", "I want another wallet to be able to vote on my behalf in our DAO", "dao", None, {}),
    ("governance.delegation.add", "text_only", "issue a scoped delegation so an agent can spend up to 50 USDC from my smart account", None, None, {}),
    ("governance.delegation.revoke", "intent_only", "", None, None, {}),
    ("governance.delegation.revoke", "intent_only", "", None, None, {"json": True}),
    ("governance.delegation.revoke", "intent_with_query", "revoke the delegation I gave to the treasury bot", None, None, {}),
    ("governance.delegation.revoke", "intent_with_query", "take back the voting power I delegated in the DAO, on Ethereum", "dao", "ethereum", {}),
    ("governance.delegation.revoke", "intent_with_query", "remove the signing authority of a former manager", "enterprise", None, {}),
    ("governance.delegation.revoke", "intent_with_query", "cancel the officer permissions I delegated in our clan", "gaming clan", None, {}),
    ("governance.delegation.revoke", "intent_with_query", "revoke a delegation on Base", None, "base", {}),
    ("governance.delegation.revoke", "text_only", "undelegate from my DAO delegate", "dao", None, {}),
    ("governance.delegation.revoke", "text_only", "kill the session-key delegation my trading agent still has", None, None, {}),
    ("governance.delegation.verify", "intent_only", "", None, None, {}),
    ("governance.delegation.verify", "intent_only", "", None, None, {"json": True}),
    ("governance.delegation.verify", "intent_with_query", "verify that this agent is allowed to act for the DAO treasury", "dao", None, {}),
    ("governance.delegation.verify", "intent_with_query", "check whether the delegation from 0xab…01 to 0xcd…02 is still valid", None, None, {}),
    ("governance.delegation.verify", "intent_with_query", "confirm the assistant really has approval authority delegated by the CFO", "enterprise", None, {}),
    ("governance.delegation.verify", "intent_with_query", "verify a delegation on Base Sepolia", None, "base-sepolia", {}),
    ("governance.delegation.verify", "intent_with_query", "check that my co-leader holds delegated officer rights in the clan", "gaming clan", None, {}),
    ("governance.delegation.verify", "text_only", "is this delegation chain valid before we execute the payment?", None, None, {}),
    ("governance.delegation.verify", "text_only", "verify the proxy votes delegated to our co-op representative", "cooperative", None, {}),
    ("trust.name_validation", "intent_only", "", None, None, {}),
    ("trust.name_validation", "intent_only", "", None, None, {"json": True}),
    ("trust.name_validation", "intent_with_query", "validate the ENS name this agent claims", None, None, {}),
    ("trust.name_validation", "intent_with_query", "check that acme-support.eth really belongs to the agent's account", None, None, {}),
    ("trust.name_validation", "intent_with_query", "name validation for an agent registered on Base", None, "base", {}),
    ("trust.name_validation", "intent_with_query", "verify the agent's .eth name before we list it on our marketplace", None, None, {}),
    ("trust.name_validation", "intent_with_query", "validate a claimed name on Sepolia", None, "sepolia", {}),
    ("trust.name_validation", "text_only", "is the name treasury.agentdao.eth actually controlled by this agent?", None, None, {}),
    ("trust.name_validation", "text_only", "need an ENS name validator for agents on Ethereum", None, "ethereum", {}),
    ("trust.account_validation", "intent_only", "", None, None, {}),
    ("trust.account_validation", "intent_only", "", None, None, {"json": True}),
    ("trust.account_validation", "intent_with_query", "validate that the smart account belongs to this agent", None, None, {}),
    ("trust.account_validation", "intent_with_query", "verify account ownership for 0x12…9f on Base", None, "base", {}),
    ("trust.account_validation", "intent_with_query", "check the agent's ERC-4337 account binding", None, None, {}),
    ("trust.account_validation", "intent_with_query", "account validation on Polygon", None, "polygon", {}),
    ("trust.account_validation", "text_only", "prove this agent controls the wallet it says it does", None, None, {}),
    ("trust.account_validation", "text_only", "validator to attest an agent's smart account on Base Sepolia", None, "base-sepolia", {}),
    ("trust.app_validation", "intent_only", "", None, None, {}),
    ("trust.app_validation", "intent_only", "", None, None, {"json": True}),
    ("trust.app_validation", "intent_with_query", "validate the app endpoint this agent advertises", None, None, {}),
    ("trust.app_validation", "intent_with_query", "check that the web app at app.example.org is really run by this agent", None, None, {}),
    ("trust.app_validation", "intent_with_query", "app validation for an agent on Base", None, "base", {}),
    ("trust.app_validation", "intent_with_query", "verify the provenance of the agent's app before we integrate it", None, None, {}),
    ("trust.app_validation", "text_only", "who can confirm that an agent's app domain is authentic?", None, None, {}),
    ("trust.app_validation", "text_only", "app validator on Ethereum mainnet", None, "ethereum", {}),
    ("trust.feedback", "intent_only", "", None, None, {}),
    ("trust.feedback", "intent_only", "", None, None, {"json": True}),
    ("trust.feedback", "intent_with_query", "authorize a client to leave feedback for my agent", None, None, {}),
    ("trust.feedback", "intent_with_query", "issue a feedbackAuth so the user can rate our agent on Base", None, "base", {}),
    ("trust.feedback", "intent_with_query", "get permission to submit a reputation review for this agent", None, None, {}),
    ("trust.feedback", "intent_with_query", "feedback authorization on Sepolia", None, "sepolia", {}),
    ("trust.feedback", "text_only", "I want to rate the agent that did my task, who signs the feedback authorization?", None, None, {}),
    ("trust.feedback", "text_only", "ERC-8004 feedback auth issuer for Base Sepolia", None, "base-sepolia", {}),
    ("trust.association", "skill_less_intent", "", None, None, {}),
    ("trust.association", "skill_less_intent", "", None, None, {"json": True}),
    ("trust.association", "skill_less_intent", "attest that these two accounts are associated", None, None, {}),
    ("trust.association", "skill_less_intent", "record an association between our agent and the company wallet", None, None, {}),
    ("trust.association", "skill_less_intent", "validate the association between an agent and its operator on Base", None, "base", {}),
    ("trust.association", "text_only", "who can sign an ERC-8092 associated accounts record?", None, None, {}),
    ("trust.membership", "skill_less_intent", "", None, None, {}),
    ("trust.membership", "skill_less_intent", "", None, None, {"json": True}),
    ("trust.membership", "skill_less_intent", "attest that 0x5e…21 is a member of the guild", "guild", None, {}),
    ("trust.membership", "skill_less_intent", "issue a membership attestation for a DAO member", "dao", None, {}),
    ("trust.membership", "text_only", "need a signed statement that someone belongs to our co-op", "cooperative", None, {}),
    ("trust.delegation", "skill_less_intent", "", None, None, {}),
    ("trust.delegation", "skill_less_intent", "", None, None, {"json": True}),
    ("trust.delegation", "skill_less_intent", "attest the delegation between the DAO and its delegate", "dao", None, {}),
    ("trust.delegation", "skill_less_intent", "delegation attestation on Base", None, "base", {}),
    ("trust.delegation", "text_only", "record a signed attestation that I delegated authority to my assistant agent", None, None, {}),
    ("governance.membership.verify", "required_skills_override", "check whether the org is in our DAO or in the wider alliance", "dao", None, {"skills": [VERIFY, AVERIFY], "mode": "any"}),
    ("trust.name_validation", "required_skills_override", "validate both the agent's ENS name and its smart account", None, None, {"skills": [TNAME, TACCOUNT], "mode": "all"}),
    ("governance.delegation.add", "required_skills_override", "rotate my delegate: revoke the old delegation and delegate to the new one", "dao", None, {"skills": [DADD, DREVOKE], "mode": "all"}),
    ("governance.membership.add", "required_skills_override", "swap our treasurer: remove the old one and add the new one as member", None, None, {"skills": [ADD, REMOVE], "mode": "all"}),
    ("governance.membership.add", "required_skills_override", "add a member to the guild", "guild", None, {"skills": [], "mode": "any"}),
    ("governance.alliance.join", "required_skills_override", "join the alliance and confirm we are listed as a member", None, None, {"skills": [JOIN, AVERIFY], "mode": "all", "json": True}),
    ("trust.feedback", "required_skills_override", "rate the agent that handled my request", None, None, {"skills": [TFEEDBACK], "mode": "any", "no_intent": True}),
    ("governance.delegation.verify", "required_skills_override", "check the delegate's authority", None, None, {"skills": [DVERIFY], "mode": "any", "no_intent": True}),
    ("trust.account_validation", "required_skills_override", "validate the agent's account and its app", None, None, {"skills": [TACCOUNT, TAPP], "mode": "all"}),
    ("governance.delegation.verify", "required_skills_override", "is the delegation to our treasury agent still active?", "dao", None, {"skills": [DVERIFY], "mode": "any", "json": True}),
    ("trust.feedback", "required_skills_override", "authorize feedback for a client on Base", None, "base", {"skills": [TFEEDBACK], "mode": "any"}),
    ("trust.membership", "required_skills_override", "attest that this account is a member; a membership verification is fine too", None, None, {"skills": [VERIFY], "mode": "any"}),
    ("governance.alliance.leave", "required_skills_override", "leave the old alliance and join the new one", "dao", None, {"skills": [LEAVE, JOIN], "mode": "all"}),
    ("governance.membership.add", "unknown_intent", "invite a new member to the guild", "guild", None, {"send_type": "governance.membership.invite"}),
    ("governance.delegation.revoke", "unknown_intent", "remove my delegate", None, None, {"send_type": "governance.delegation.remove", "json": True}),
]
# fmt: on


def context_match(truth: dict[str, Any], domain: str | None, chain: str | None) -> bool:
    if domain is not None and domain not in truth["domains"]:
        return False
    return chain is None or truth["chain"] == chain


def judge(
    records: list[dict[str, Any]],
    intent: str,
    skills: list[str],
    mode: str,
    domain: str | None,
    chain: str | None,
) -> dict[str, int]:
    exact_purposes = SKILL_LESS_PURPOSES.get(intent, [])
    rel_actions, rel_purposes = RELATED[intent]
    out: dict[str, int] = {}
    wanted = set(skills)
    for rec in records:
        t = rec["_truth"]
        acts = set(t["governance_actions"])
        grade = 0
        if wanted:
            hit_all, hit_any = wanted <= acts, bool(wanted & acts)
            exact = hit_all if mode == "all" else hit_any
        else:
            exact, hit_any = False, False
        if exact or t["purpose"] in exact_purposes:
            grade = 2 if context_match(t, domain, chain) else 1
        elif hit_any or acts & set(rel_actions) or t["purpose"] in rel_purposes:
            grade = 1
        if grade:
            out[t["agent_id"]] = grade
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


def build_requests(
    records: list[dict[str, Any]], intents: dict[str, list[str]], seed: int
) -> list[dict[str, Any]]:
    rng = random.Random(seed * 7 + 1)
    out = []
    for n, (intent, kind, text, domain, chain, opts) in enumerate(REQUESTS, start=1):
        req: dict[str, Any] = {"id": f"ar{n:03d}", "split": "", "kind": kind}
        send_type = opts.get("send_type", intent)
        use_json = opts.get("json", False) or (
            kind in ("intent_with_query", "skill_less_intent") and text and rng.random() < 0.6
        )
        if kind == "text_only" or opts.get("no_intent"):
            req["text"] = text
        elif use_json:
            payload: dict[str, Any] = {"intentType": send_type}
            if rng.random() < 0.4:
                payload["action"] = send_type.split(".")[-1]
            payload["query"] = text
            req["intentJson"] = json.dumps(payload)
        else:
            req["intentType"] = send_type
            if text:
                req["text"] = text
        if "skills" in opts:
            req["requiredSkills"] = opts["skills"]
        elif kind == "intent_only" and intents[intent] and rng.random() < 0.3:
            req["requiredSkills"] = intents[
                intent
            ]  # what the console sends alongside, same as the map
        if rng.random() < 0.3:
            req["topK"] = rng.choice([10, 20, 50])
        skills = opts.get("skills") or intents[intent]
        mode = opts.get("mode", "any")
        req["judged_as"] = {
            "intent": intent,
            "skills": skills,
            "mode": mode,
            "domain": domain,
            "chain": chain,
        }
        req["judgments"] = judge(records, intent, skills, mode, domain, chain)
        out.append(req)
    # split: within each judged intent, order by a hash of the id and text and alternate
    by_intent: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for req in out:
        by_intent[req["judged_as"]["intent"]].append(req)
    for group in by_intent.values():
        group.sort(
            key=lambda r: stable_hash(
                f"{seed}:{r['id']}:{r.get('text') or r.get('intentJson') or ''}"
            )
        )
        for i, req in enumerate(group):
            req["split"] = "tune" if i % 2 == 0 else "report"
    return out


# ----------------------------------------------------------------------------------------------
# Report
# ----------------------------------------------------------------------------------------------


def report(
    records: list[dict[str, Any]], stats: Counter[str], requests: list[dict[str, Any]]
) -> dict[str, Any]:
    n = len(records)
    shapes = Counter(r["_truth"]["shape"] for r in records)
    purposes = Counter(r["_truth"]["purpose"] for r in records)
    kinds: Counter[str] = Counter()
    kind_of = {p.key: p.kind for p in GOVERNANCE_PURPOSES} | {k: "distractor" for k in DISTRACTORS}
    kind_of |= {k: "overclaim" for k in OVERCLAIM_WEIGHTS} | {k: "generic" for k in GENERIC}
    for p, c in purposes.items():
        kinds[kind_of[p]] += c
    indexed = Counter(s for r in records for s in r["_truth"]["indexed_skills"])
    real = Counter(s for r in records for s in r["_truth"]["governance_actions"])
    both = Counter(
        s
        for r in records
        for s in r["_truth"]["governance_actions"]
        if s in r["_truth"]["indexed_skills"]
    )
    cards = [r.get("_card", r) for r in records if r["_truth"]["shape"] != "registration"]
    n_cards = len(cards)
    no_pv_anywhere = sum(
        1
        for c in cards
        if "protocolVersion" not in c
        and not any("protocolVersion" in i for i in c.get("supportedInterfaces", []))
    )
    skill_counts = Counter(len(set(declared_skills(r))) for r in records)
    langs = Counter(r["_truth"]["lang"] for r in records)
    chains = Counter(r["chainId"] for r in records if "chainId" in r)
    single_repeat = sum(
        1
        for c in cards
        if len(c["skills"]) == 1 and c["skills"][0]["description"] == c["description"]
    )
    summary = {
        "records": n,
        "shapes": dict(shapes),
        "kinds": dict(kinds),
        "purposes": dict(sorted(purposes.items())),
        "languages": dict(langs),
        "chains": {str(k): v for k, v in sorted(chains.items())},
        "skills_per_agent": dict(sorted(skill_counts.items())),
        "governance_skills": {
            s.removeprefix(GOV): {
                "indexed": indexed[s],
                "indexed_pct": round(100 * indexed[s] / n, 2),
                "really_implemented": real[s],
                "implemented_and_indexed": both[s],
            }
            for s in ALL_GOV
        },
        "cards": n_cards,
        "card_no_protocolVersion_anywhere_pct": round(100 * no_pv_anywhere / n_cards, 1),
        "card_no_toplevel_protocolVersion_pct": round(
            100 * sum(1 for c in cards if "protocolVersion" not in c) / n_cards, 1
        ),
        "card_single_skill_pct": round(
            100 * sum(1 for c in cards if len(c["skills"]) == 1) / n_cards, 1
        ),
        "card_single_skill_repeating_description_pct": round(100 * single_repeat / n_cards, 1),
        "counters": dict(sorted(stats.items())),
        "requests": len(requests),
        "requests_by_kind": dict(Counter(r["kind"] for r in requests)),
        "requests_by_split": dict(Counter(r["split"] for r in requests)),
        "requests_by_intent": {
            i: dict(Counter(r["split"] for r in requests if r["judged_as"]["intent"] == i))
            for i in dict.fromkeys(r["judged_as"]["intent"] for r in requests)
        },
        "relevant_grade2": describe(
            [sum(1 for g in r["judgments"].values() if g == 2) for r in requests]
        ),
        "relevant_grade1": describe(
            [sum(1 for g in r["judgments"].values() if g == 1) for r in requests]
        ),
    }
    return summary


def describe(values: list[int]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def declared_skills(rec: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for ep in rec.get("endpoints", rec.get("services", [])):
        if str(ep.get("name", "")).lower() == "a2a":
            out += ep.get("a2aSkills", [])
    card = rec.get("_card", rec if "skills" in rec else None)
    if card:
        out += [s["id"] for s in card.get("skills", [])]
    return out


# ----------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument(
        "--requests-out",
        type=Path,
        default=None,
        help="default: data/eval/agent_requests.jsonl for the default seed and count, else next to --out",
    )
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be positive")
    requests_out = args.requests_out
    if requests_out is None:
        default = args.seed == DEFAULT_SEED and args.count == DEFAULT_COUNT
        requests_out = (
            DEFAULT_REQUESTS if default else args.out.with_name(args.out.stem + ".requests.jsonl")
        )
    with INTENTS_FILE.open("rb") as fh:
        intents = {i["id"]: list(i["required_skills"]) for i in tomllib.load(fh)["intents"]}
    missing = sorted({r[0] for r in REQUESTS} - set(intents))
    if missing:
        parser.error(f"requests name intents missing from {INTENTS_FILE}: {missing}")

    gen = Generator(args.seed, args.count)
    records = gen.run()
    requests = build_requests(records, intents, args.seed)

    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    requests_out.parent.mkdir(parents=True, exist_ok=True)
    with requests_out.open("w", encoding="utf-8") as fh:
        for req in requests:
            fh.write(json.dumps(req, ensure_ascii=False) + "\n")
    summary = report(records, gen.stats, requests)
    stats_path = args.out.with_name(args.out.stem + ".stats.json")
    stats_path.write_text(
        json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"wrote {len(records)} agents to {args.out}")
    print(f"wrote {len(requests)} judged requests to {requests_out}")
    print(f"wrote the figures to {stats_path}")
    empty = [r["id"] for r in requests if not any(g == 2 for g in r["judgments"].values())]
    if empty:
        print(f"WARNING: requests without any grade-2 agent: {empty}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
