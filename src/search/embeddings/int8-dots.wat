;; Dot products of one int8 query with many int8 vectors, 16 values per SIMD step.
;; Built into int8-dots-module.ts by tools/wasm/build-int8-dots.ts (npm run build:wasm).
(module
  (memory (export "memory") 1)
  ;; out[p] = sum over i < stride of query[i] * vectors[p * stride + i], for p < count.
  ;; `stride` is a multiple of 16; the sums fit in i32 (256 dimensions: at most 256 * 127 * 127).
  (func (export "dots") (param $query i32) (param $vectors i32) (param $count i32) (param $stride i32) (param $out i32)
    (local $p i32) (local $i i32) (local $base i32) (local $acc v128) (local $q v128) (local $v v128)
    (block $done
      (loop $passages
        (br_if $done (i32.ge_u (local.get $p) (local.get $count)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (local.set $base (i32.add (local.get $vectors) (i32.mul (local.get $p) (local.get $stride))))
        (loop $values
          (local.set $q (v128.load (i32.add (local.get $query) (local.get $i))))
          (local.set $v (v128.load (i32.add (local.get $base) (local.get $i))))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $q)) (i16x8.extend_low_i8x16_s (local.get $v)))))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $q)) (i16x8.extend_high_i8x16_s (local.get $v)))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $values (i32.lt_u (local.get $i) (local.get $stride))))
        (i32.store
          (i32.add (local.get $out) (i32.shl (local.get $p) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
            (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $passages)))))
