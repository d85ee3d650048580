//! Which addresses an outside fetch may reach: public unicast ones only. The blocks refused are
//! every entry of IANA's special-purpose address registries (iana-ipv4-special-registry and
//! iana-ipv6-special-registry, as of 2025), multicast, and the IPv6 space IANA has not allocated
//! as global unicast. Entries the registries mark globally reachable (AS112, AMT, the anycast
//! services) are refused too: nothing Litstack fetches lives there, and one rule with no
//! exceptions is easier to trust. An IPv6 address that carries an IPv4 one (IPv4-mapped, NAT64,
//! 6to4) is judged by the IPv4 address it carries, since that is where the packets go.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use ipnet::{Ipv4Net, Ipv6Net};

const fn v4(a: u8, b: u8, c: u8, d: u8, len: u8) -> Ipv4Net {
    Ipv4Net::new_assert(Ipv4Addr::new(a, b, c, d), len)
}

#[expect(clippy::too_many_arguments, reason = "an IPv6 address is eight groups")]
const fn v6(a: u16, b: u16, c: u16, d: u16, e: u16, f: u16, g: u16, h: u16, len: u8) -> Ipv6Net {
    Ipv6Net::new_assert(Ipv6Addr::new(a, b, c, d, e, f, g, h), len)
}

/// IPv4 blocks no fetch reaches, with the registry entry each stands for.
pub const REFUSED_V4: &[(Ipv4Net, &str)] = &[
    (v4(0, 0, 0, 0, 8), "this network, RFC 791"),
    (v4(10, 0, 0, 0, 8), "private use, RFC 1918"),
    (
        v4(100, 64, 0, 0, 10),
        "shared address space (carrier-grade NAT), RFC 6598",
    ),
    (v4(127, 0, 0, 0, 8), "loopback, RFC 1122"),
    (
        v4(169, 254, 0, 0, 16),
        "link local (cloud metadata services), RFC 3927",
    ),
    (v4(172, 16, 0, 0, 12), "private use, RFC 1918"),
    (v4(192, 0, 0, 0, 24), "IETF protocol assignments, RFC 6890"),
    (v4(192, 0, 2, 0, 24), "documentation (TEST-NET-1), RFC 5737"),
    (v4(192, 31, 196, 0, 24), "AS112-v4, RFC 7535"),
    (v4(192, 52, 193, 0, 24), "AMT, RFC 7450"),
    (
        v4(192, 88, 99, 0, 24),
        "deprecated 6to4 relay anycast, RFC 7526",
    ),
    (v4(192, 168, 0, 0, 16), "private use, RFC 1918"),
    (
        v4(192, 175, 48, 0, 24),
        "direct delegation AS112 service, RFC 7534",
    ),
    (v4(198, 18, 0, 0, 15), "benchmarking, RFC 2544"),
    (
        v4(198, 51, 100, 0, 24),
        "documentation (TEST-NET-2), RFC 5737",
    ),
    (
        v4(203, 0, 113, 0, 24),
        "documentation (TEST-NET-3), RFC 5737",
    ),
    (v4(224, 0, 0, 0, 4), "multicast, RFC 5771"),
    (v4(240, 0, 0, 0, 4), "reserved, RFC 1112"),
    (v4(255, 255, 255, 255, 32), "limited broadcast, RFC 8190"),
];

/// IPv6 blocks no fetch reaches, with the registry entry each stands for. The three forms that
/// carry an IPv4 address are not here: `public_v6` judges the address they carry.
pub const REFUSED_V6: &[(Ipv6Net, &str)] = &[
    (v6(0, 0, 0, 0, 0, 0, 0, 0, 128), "unspecified, RFC 4291"),
    (v6(0, 0, 0, 0, 0, 0, 0, 1, 128), "loopback, RFC 4291"),
    (
        v6(0, 0, 0, 0, 0, 0, 0, 0, 96),
        "IPv4-compatible (deprecated), RFC 4291",
    ),
    (v6(0x100, 0, 0, 0, 0, 0, 0, 0, 64), "discard only, RFC 6666"),
    (
        v6(0x100, 0, 0, 1, 0, 0, 0, 0, 64),
        "dummy IPv6 prefix, RFC 9780",
    ),
    (
        v6(0x2001, 0, 0, 0, 0, 0, 0, 0, 23),
        "IETF protocol assignments (Teredo, ORCHID, PCP, benchmarking, AMT, AS112), RFC 2928",
    ),
    (
        v6(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0, 32),
        "documentation, RFC 3849",
    ),
    (
        v6(0x2620, 0x4f, 0x8000, 0, 0, 0, 0, 0, 48),
        "direct delegation AS112 service, RFC 7534",
    ),
    (
        v6(0x3fff, 0, 0, 0, 0, 0, 0, 0, 20),
        "documentation, RFC 9637",
    ),
    (
        v6(0x5f00, 0, 0, 0, 0, 0, 0, 0, 16),
        "segment routing (SRv6) SIDs, RFC 9602",
    ),
    (v6(0xfc00, 0, 0, 0, 0, 0, 0, 0, 7), "unique local, RFC 4193"),
    (v6(0xfe80, 0, 0, 0, 0, 0, 0, 0, 10), "link local, RFC 4291"),
    (
        v6(0xfec0, 0, 0, 0, 0, 0, 0, 0, 10),
        "site local (deprecated), RFC 3879",
    ),
    (v6(0xff00, 0, 0, 0, 0, 0, 0, 0, 8), "multicast, RFC 4291"),
];

/// The IPv4-mapped block, ::ffff:0:0/96 (RFC 4291): the last 32 bits are the IPv4 address.
const MAPPED: Ipv6Net = v6(0, 0, 0, 0, 0, 0xffff, 0, 0, 96);
/// NAT64's well-known prefix 64:ff9b::/96 (RFC 6052) and its local-use 64:ff9b:1::/48 (RFC
/// 8215): the translator forwards to the IPv4 address in the last 32 bits.
const NAT64: [Ipv6Net; 2] = [
    v6(0x64, 0xff9b, 0, 0, 0, 0, 0, 0, 96),
    v6(0x64, 0xff9b, 1, 0, 0, 0, 0, 0, 48),
];
/// 6to4, 2002::/16 (RFC 3056): the IPv4 address is bits 16 to 48.
const SIX_TO_FOUR: Ipv6Net = v6(0x2002, 0, 0, 0, 0, 0, 0, 0, 16);
/// The only IPv6 space IANA allocates as global unicast (the IPv6 address space registry).
const GLOBAL_UNICAST: Ipv6Net = v6(0x2000, 0, 0, 0, 0, 0, 0, 0, 3);

/// Whether `ip` is a public unicast address, one an outside fetch may connect to.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => public_v6(v6),
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    !REFUSED_V4.iter().any(|(net, _)| net.contains(&ip))
}

fn last_32_bits(ip: Ipv6Addr) -> Ipv4Addr {
    let [.., a, b, c, d] = ip.octets();
    Ipv4Addr::new(a, b, c, d)
}

fn public_v6(ip: Ipv6Addr) -> bool {
    if MAPPED.contains(&ip) || NAT64.iter().any(|net| net.contains(&ip)) {
        return public_v4(last_32_bits(ip));
    }
    if SIX_TO_FOUR.contains(&ip) {
        let [_, _, a, b, c, d, ..] = ip.octets();
        return public_v4(Ipv4Addr::new(a, b, c, d));
    }
    GLOBAL_UNICAST.contains(&ip) && !REFUSED_V6.iter().any(|(net, _)| net.contains(&ip))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn public(ip: &str) -> bool {
        is_public(ip.parse().unwrap_or_else(|e| panic!("{ip}: {e}")))
    }

    /// Every registry block, by its first and its last address and one inside.
    #[test]
    fn every_special_purpose_block_is_refused() {
        for (net, what) in REFUSED_V4 {
            for ip in [net.network(), net.broadcast()] {
                assert!(!is_public(ip.into()), "{ip} ({what})");
                assert!(!public_v6(ip.to_ipv6_mapped()), "mapped {ip} ({what})");
            }
        }
        for (net, what) in REFUSED_V6 {
            for ip in [net.network(), net.broadcast()] {
                assert!(!is_public(ip.into()), "{ip} ({what})");
            }
        }
        for ip in [
            // IPv4, the blocks of the brief one by one.
            "0.0.0.0",
            "0.255.255.255",
            "10.0.0.1",
            "100.64.0.1",
            "100.127.255.254",
            "127.0.0.1",
            "127.255.255.255",
            "169.254.169.254",
            "172.16.0.1",
            "172.31.255.255",
            "192.0.0.1",
            "192.0.0.170",
            "192.0.2.1",
            "192.88.99.1",
            "192.168.1.1",
            "198.18.0.1",
            "198.19.255.255",
            "198.51.100.7",
            "203.0.113.66",
            "224.0.0.1",
            "239.255.255.250",
            "240.0.0.1",
            "255.255.255.255",
            // IPv6.
            "::",
            "::1",
            "::2",
            "100::1",
            "2001::1",
            "2001:1::1",
            "2001:2::1",
            "2001:10::1",
            "2001:1ff:ffff::1",
            "2001:db8::1",
            "2620:4f:8000::1",
            "3fff::1",
            "3fff:fff:ffff::1",
            "5f00::1",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "febf::1",
            "fec0::1",
            "ff02::1",
            "ff0e::1",
            // Unallocated outside 2000::/3.
            "4000::1",
            "1::1",
        ] {
            assert!(!public(ip), "{ip}");
        }
    }

    #[test]
    fn a_private_ipv4_address_is_refused_in_every_ipv6_form_that_carries_it() {
        for ip in [
            // IPv4-mapped.
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "::ffff:192.0.0.1",
            // IPv4-compatible (deprecated): what `[::127.0.0.1]` in a link names.
            "::127.0.0.1",
            "::10.0.0.1",
            "::8.8.8.8",
            // NAT64, well-known and local-use prefixes.
            "64:ff9b::127.0.0.1",
            "64:ff9b::10.0.0.1",
            "64:ff9b::192.168.0.1",
            "64:ff9b:1::169.254.169.254",
            // 6to4: 2002:AABB:CCDD:: carries AA.BB.CC.DD.
            "2002:7f00:1::",
            "2002:a00:1::1",
            "2002:c0a8:101::1",
            "2002:a9fe:a9fe::",
        ] {
            assert!(!public(ip), "{ip}");
        }
        // The link `http://[::127.0.0.1]/` names the IPv4-compatible form of loopback.
        let link = url::Url::parse("http://[::127.0.0.1]/").unwrap();
        let Some(url::Host::Ipv6(ip)) = link.host() else {
            panic!("{link}")
        };
        assert!(!is_public(ip.into()), "{ip}");
    }

    #[test]
    fn public_unicast_addresses_are_allowed() {
        for ip in [
            "8.8.8.8",
            "1.1.1.1",
            "93.184.216.34",
            "100.63.255.255",
            "100.128.0.1",
            "172.32.0.1",
            "192.0.1.1",
            "192.169.0.1",
            "198.20.0.1",
            "223.255.255.254",
            "2606:4700::1111",
            "2a00:1450:4001::1",
            "2001:200::1",
            "::ffff:8.8.8.8",
            "64:ff9b::8.8.8.8",
            "64:ff9b:1::1.1.1.1",
            "2002:808:808::1",
        ] {
            assert!(public(ip), "{ip}");
        }
    }
}
