//! Number literals and juxtapositions (`-15/8`, `1/2^*`) to exact values, with clear errors.

use num_bigint::{BigInt, BigUint};

use cgt_core::Dyadic;
use cgt_core::dyadic::NotDyadic;
use cgt_syntax::{Code, Diagnostic, NumberLit, Span, Spanned};

use crate::value::EvalResult;

/// Reads decimal digits into a big integer.
pub(crate) fn big(digits: &str, span: &Span) -> EvalResult<BigInt> {
    BigInt::parse_bytes(digits.as_bytes(), 10)
        .ok_or_else(|| Box::new(Diagnostic::error(Code::Number, span.clone(), format!("`{digits}` is not a number"))))
}

/// The exact value of a number literal; `1/3` is an error that says why.
pub(crate) fn number(lit: &Spanned<NumberLit>) -> EvalResult<Dyadic> {
    let n = big(&lit.node.numerator, &lit.span)?;
    let n = if lit.node.negative { -n } else { n };
    let Some(den) = &lit.node.denominator else {
        return Ok(Dyadic::integer(n));
    };
    let d = big(den, &lit.span)?;
    Dyadic::from_ratio(&n, &d).map_err(|e| {
        let text = format!("{}{}/{}", if lit.node.negative { "-" } else { "" }, lit.node.numerator, den);
        Box::new(match e {
            NotDyadic::ZeroDenominator => {
                Diagnostic::error(Code::Number, lit.span.clone(), format!("{text} divides by zero"))
            }
            NotDyadic::NotPowerOfTwo => {
                Diagnostic::error(Code::Dyadic, lit.span.clone(), format!("{text} is not a dyadic rational")).with_hint(
                    "short games only have dyadic values: the denominator must be a power of two (2, 4, 8, ...)",
                )
            }
        })
    })
}

/// The nimber of a star token's digits (`""` is `*`, which is `*1`), of any size.
pub(crate) fn star(s: &Spanned<String>) -> EvalResult<BigUint> {
    if s.node.is_empty() {
        return Ok(BigUint::from(1u8));
    }
    BigUint::parse_bytes(s.node.as_bytes(), 10).ok_or_else(|| {
        Box::new(Diagnostic::error(Code::Number, s.span.clone(), format!("`*{}` is not a nimber", s.node)))
    })
}
