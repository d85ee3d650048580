"""schemathesis hooks for scripts/api-fuzz.sh (loaded through SCHEMATHESIS_HOOKS).

The operator's firm import takes a zip as its body, which schemathesis cannot make by itself:
give it bytes, some of them a zip's opening, so the route meets what it must refuse clearly.
"""

from hypothesis import strategies as st

import schemathesis

schemathesis.openapi.media_type(
    "application/zip",
    st.one_of(
        st.binary(max_size=2048),
        st.binary(max_size=2048).map(lambda tail: b"PK\x03\x04" + tail),
    ),
)
